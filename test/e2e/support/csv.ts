// The workbench's CSV read back as a spreadsheet would.
/** RFC 4180 as the export writes it: quoted cells with doubled quotes, CRLF lines. */
export function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      lines.push(cells);
      cells = [];
      cell = '';
    } else cell += c;
  }
  if (cell || cells.length) lines.push([...cells, cell]);
  return lines;
}
