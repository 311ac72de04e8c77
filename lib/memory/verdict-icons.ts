// The findings' icons (lib/memory/card-verdict.ts VerdictIcon): one 12 px box each, its shape drawn
// by clip-path, so colour never says a finding alone. Shared by the pill on the card (the content
// script's badge style) and the popup's rows, which say the same finding the same way.
export const VERDICT_ICON_CSS = `.icon { display: inline-block; width: 12px; height: 12px; flex: none; background: currentColor; }
.icon.alert { clip-path: polygon(50% 0, 100% 100%, 0 100%); }
.icon.down { clip-path: polygon(33% 0, 67% 0, 67% 50%, 100% 50%, 50% 100%, 0 50%, 33% 50%); }
.icon.up { clip-path: polygon(50% 0, 100% 50%, 67% 50%, 67% 100%, 33% 100%, 33% 50%, 0 50%); }
.icon.tag { clip-path: polygon(50% 0, 100% 50%, 50% 100%, 0 50%); }
.icon.check { clip-path: polygon(0 55%, 14% 41%, 38% 65%, 86% 12%, 100% 26%, 38% 93%); }
.icon.list { background: repeating-linear-gradient(currentColor 0 2px, transparent 2px 5px); }
.icon.dot { clip-path: circle(25%); }`;
