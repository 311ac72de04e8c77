// An element's attributes are read by name, never through `el.attributes[i]`: that makes Chromium
// create an Attr node for each attribute and keep it on the element for the element's life, nodes
// the page never had (about 5 per card of a results page: 3,203 on 600) for its every collection
// to trace (test/e2e/page-footprint.test.ts). Names, then getAttribute(name): nothing is created.

const NONE: readonly string[] = [];

/** The element's attribute names (qualified, as getAttribute takes them). */
export const attributeNames = (el: Element): readonly string[] =>
  el.hasAttributes() ? el.getAttributeNames() : NONE;
