/*
 * fonts.h: the font files training draws digits in.
 */
#ifndef SDK_OCR_FONTS_H
#define SDK_OCR_FONTS_H

extern const char *const font_paths[];
extern const int font_count;
/* Faces that look written by hand: more shapes for the handwriting
 * classifiers (ocr-train-hand -H). */
extern const char *const hand_font_paths[];
extern const int hand_font_count;

#endif
