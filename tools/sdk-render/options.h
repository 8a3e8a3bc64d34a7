/*
 * options.h: sdk-render's options (sdk-render(1)), parsed and checked
 * against each other by options_parse() (options.c).
 */
#ifndef SDK_RENDER_OPTIONS_H
#define SDK_RENDER_OPTIONS_H

#define SIDE_DEFAULT	450
#define SIDE_MIN	27
#define SIDE_MAX	8192

enum format { FMT_PNM, FMT_PNG, FMT_JPEG, FMT_TEXT };
enum color { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };
enum onto { ONTO_NONE, ONTO_PHOTO, ONTO_SOURCE };

/* The options (sdk-render(1)), filled by parse_args(). */
struct options {
	enum format	 fmt;		/* -f, else from -o's suffix */
	const char	*out;		/* -o, NULL for stdout */
	int		 tmpl;		/* out names each record (%s, %n) */
	long		 side;		/* -s: the clean grid's side */
	long		 margin;	/* -m; -1 until parsed: side / 32 */
	long		 quality;	/* -Q: JPEG quality; 0 until given */
	int		 quality_set;	/* -Q was given */
	enum onto	 onto;		/* --onto */
	const char	*photo;		/* --onto=PHOTO */
	int		 fitw, fith;	/* --thumbnail=WxH; 0 without */
	enum color	 color;		/* --color */
	int		 changes;	/* -c: mark cells changed since last */
	int		 json;		/* -j */
	int		 quiet;		/* -q */
	int		 verbose;	/* -v */
	char *const	*files;		/* the operands; none: "-" */
};

/*
 * Fill o from the command line; a bad or contradictory option is a usage
 * error (status 2, named), as is image output to a terminal.
 */
void	 options_parse(int argc, char *argv[], struct options *o);

#endif
