/** What an upload is called in its messages and which form field carries it. */
export interface ImageKind {
  field: string;
  /** "photo", "image"… as in "The photo must be a JPEG…". */
  noun: string;
  /** Stored images are at most this wide and high. */
  storedSide: number;
}
