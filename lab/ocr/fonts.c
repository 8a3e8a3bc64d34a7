/*
 * fonts.c: the faces digits are drawn in for training (Debian's fonts-*
 * packages of scripts/install-deps), shared by ocr-train and
 * ocr-train-hand.
 */
#include "fonts.h"

const char *const font_paths[] = {
	"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
	"/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
	"/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
	"/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
	"/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
	"/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
	"/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
	"/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
	"/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
	"/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf",
	"/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf",
	"/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
	"/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
	"/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
	"/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf",
	"/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf",
	"/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Regular.otf",
	"/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Bold.otf",
	"/usr/share/fonts/opentype/urw-base35/NimbusRoman-Regular.otf",
	"/usr/share/fonts/opentype/urw-base35/NimbusRoman-Bold.otf",
	"/usr/share/fonts/opentype/urw-base35/C059-Roman.otf",
	"/usr/share/fonts/opentype/urw-base35/C059-Bold.otf",
	"/usr/share/fonts/opentype/urw-base35/P052-Roman.otf",
	"/usr/share/fonts/opentype/urw-base35/P052-Bold.otf",
	"/usr/share/fonts/opentype/urw-base35/URWGothic-Book.otf",
	"/usr/share/fonts/opentype/urw-base35/URWGothic-Demi.otf",
	"/usr/share/fonts/opentype/urw-base35/URWBookman-Light.otf",
	"/usr/share/fonts/opentype/urw-base35/URWBookman-Demi.otf",
	"/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf",
	"/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Bold.otf",
	"/usr/share/fonts/truetype/freefont/FreeSans.ttf",
	"/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
	"/usr/share/fonts/truetype/freefont/FreeSerif.ttf",
	"/usr/share/fonts/truetype/freefont/FreeSerifBold.ttf",
	"/usr/share/fonts/truetype/freefont/FreeMono.ttf",
	"/usr/share/fonts/truetype/freefont/FreeMonoBold.ttf",
	"/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
	"/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
	"/usr/share/fonts/truetype/noto/NotoSansDisplay-Regular.ttf",
	"/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf",
	"/usr/share/fonts/truetype/noto/NotoSerif-Bold.ttf",
	"/usr/share/fonts/truetype/lato/Lato-Regular.ttf",
	"/usr/share/fonts/truetype/lato/Lato-Bold.ttf",
	"/usr/share/fonts/truetype/lato/Lato-Light.ttf",
	"/usr/share/fonts/truetype/lato/Lato-Black.ttf",
	"/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf",
	"/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf",
	"/usr/share/fonts/truetype/open-sans/OpenSans-Light.ttf",
	"/usr/share/fonts/truetype/open-sans/OpenSans-CondBold.ttf",
	"/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
	"/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf",
	"/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Light.ttf",
	"/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Regular.ttf",
	"/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Bold.ttf",
	"/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf",
	"/usr/share/fonts/truetype/crosextra/Carlito-Bold.ttf",
	"/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf",
	"/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf",
	"/usr/share/fonts/opentype/linux-libertine/LinBiolinum_R.otf",
	"/usr/share/fonts/opentype/linux-libertine/LinBiolinum_RB.otf",
	"/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf",
	"/usr/share/fonts/opentype/linux-libertine/LinLibertine_RB.otf",
};

const int font_count = (int)(sizeof(font_paths) / sizeof(font_paths[0]));

/*
 * Handwriting faces (Debian's fonts-* packages of scripts/install-deps);
 * outlined, decorated or nearly typographic ones are left out.
 */
const char *const hand_font_paths[] = {
	"/usr/share/fonts/truetype/fifthhorseman/dkg.ttf",
	"/usr/share/fonts/truetype/fifthhorseman/dkgBd.ttf",
	"/usr/share/fonts/truetype/fifthhorseman/dkgIt.ttf",
	"/usr/share/fonts/truetype/breip/Breip.ttf",
	"/usr/share/fonts/opentype/bwht/BecauseWeBuild-Regular.otf",
	"/usr/share/fonts/opentype/bwht/BecauseWeConnect-Regular.otf",
	"/usr/share/fonts/opentype/bwht/BecauseWeCreate-Regular.otf",
	"/usr/share/fonts/opentype/bwht/BecauseWeLearn-Regular.otf",
	"/usr/share/fonts/opentype/bwht/BecauseWeMentor-Regular.otf",
	"/usr/share/fonts/opentype/bwht/BecauseWeOrganize-Regular.otf",
	"/usr/share/fonts/truetype/humor-sans/Humor-Sans.ttf",
	"/usr/share/fonts/truetype/rufscript/Rufscript010.ttf",
	"/usr/share/fonts/truetype/sjfonts/Delphine.ttf",
	"/usr/share/fonts/truetype/sjfonts/SteveHand.ttf",
	"/usr/share/fonts/truetype/yusei-magic/YuseiMagic-Regular.ttf",
	"/usr/share/fonts/opentype/comic-neue/ComicNeue-Regular.otf",
	"/usr/share/fonts/opentype/comic-neue/ComicNeue-Light.otf",
	"/usr/share/fonts/truetype/klee/KleeOne-Regular.ttf",
};
const int hand_font_count = sizeof(hand_font_paths) /
    sizeof(hand_font_paths[0]);
