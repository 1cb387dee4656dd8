/**
 * The typeface printed cards use: Inter (@fontsource, SIL OFL 1.1) in these weights, from these subsets.
 * The server outlines text with the same files, so what the preview measures is what the print shows.
 */
export const PRINT_FONT_WEIGHTS = [400, 700] as const;
export type PrintFontWeight = (typeof PRINT_FONT_WEIGHTS)[number];
export const PRINT_FONT_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'vietnamese'];
export const PRINT_FONT_FAMILY = 'Inter';

/** Base-64 digits per advance width in inter-metrics.ts (4096 font units at most). */
export const METRIC_DIGITS = 2;
