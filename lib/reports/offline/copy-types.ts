// The content types a complete copy keeps (stylesheets, images, fonts), in one place: the downloader
// normalises what a host answers to one of them, the keep schema (library-messages.ts) accepts only
// data: URIs of them, and a url() is written into a copy's CSS only around one (issue 44: `image/jpg`
// and doubled headers passed the downloader and failed the schema, so such a copy could never be kept,
// and a type carrying `"),url("…` would have been written into the copy's CSS as it came).

/** A kept type, exactly. */
const KEPT_TYPE =
  /^(?:text\/css|image\/(?:png|gif|jpeg|webp|avif|bmp|svg\+xml)|font\/[\w.+-]+|application\/(?:x-)?font-[\w.+-]+|application\/vnd\.ms-fontobject)$/;

/** Names hosts use for a kept type. */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/svg': 'image/svg+xml',
  'application/font-woff2': 'font/woff2',
  'application/x-font-woff': 'font/woff',
};

/** The kept type a Content-Type header names ("image/jpg; charset=x", "image/png, image/png"), or undefined. */
export function keptContentType(header: string | null | undefined): string | undefined {
  const first = (header ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  const type = ALIASES[first] ?? first;
  return KEPT_TYPE.test(type) ? type : undefined;
}

/** A copy's file: a base64 data: URI of a kept type, nothing else (no quote, no parenthesis, no space). */
export const COPY_FILE_URI = new RegExp(
  `^data:${KEPT_TYPE.source.slice(1, -1)};base64,[A-Za-z0-9+/]*={0,2}$`,
);

/** Whether `data` is a copy's file, exactly. */
export const isCopyFile = (data: string): boolean => COPY_FILE_URI.test(data);
