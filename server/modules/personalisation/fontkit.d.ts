// The part of fontkit 2 this project uses (it ships no types): Inter's metrics and glyph outlines.
declare module 'fontkit' {
  export interface Path {
    translate(x: number, y: number): Path;
    toSVG(): string;
  }
  export interface Glyph {
    advanceWidth: number;
    path: Path;
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
  }
  export interface Font {
    unitsPerEm: number;
    characterSet: number[];
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    layout(text: string): GlyphRun;
  }
  export interface FontCollection {
    fonts: Font[];
  }
  export function openSync(path: string): Font | FontCollection;
}
