/*
 * fonts.h: the font files training draws digits in.
 */
#ifndef SDK_OCR_FONTS_H
#define SDK_OCR_FONTS_H

extern const char *const font_paths[];
extern const int font_count;

#endif
