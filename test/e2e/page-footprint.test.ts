// What the scan leaves in the page it reads, in Chromium: nothing outside the page's own tree and
// the badges. Reading an element's attributes through `el.attributes[i]` makes Blink create an Attr
// node for each and keep it on the element for the element's life (Element::EnsureAttr, kept in its
// rare data): a results page of 600 cards then carried 3,200 nodes more than it showed (7,400 with
// VINs: each badge also made its pill's 7 nodes before it was ever drawn), for every garbage
// collection of the page to trace. The page is the benchmarks' generated listing page
// (samples/listing-page.ts: cards with a class, a listing id, a title, a price, decoys and buttons,
// the shape site-evidence.md measured), once with VINs (in text, data-vin and JSON-LD: the card index
// reads every card's attributes to place the JSON-LD ones) and once with its VINs taken out.
//
// How it is counted: DevTools' DOM counters (Memory.getDOMCounters: every live node of the tab's
// renderer, after a forced collection) against the nodes of the page's tree, closed shadow roots and
// generated-content boxes (::before) and all (DOM.getDocument with pierce). The renderer keeps some
// nodes of its own outside that tree (the whitespace between cards, which DevTools leaves out: one a
// card), so the same page opened on a host the content script does not run on is the baseline.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPage } from '../../samples/listing-page';
import { startStack } from './support/setup-extension';

const CARDS = 600;
const withVins = listingPage(CARDS, 11);
// The same cards with every VIN, and the JSON-LD block that lists them, taken out.
const withoutVins = withVins.html
  .replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '')
  .replace(/ data-vin="[^"]*"/g, '')
  .replace(/VIN: [A-HJ-NPR-Z0-9]{17}/g, 'VIN: on request');

/** A host the content script does not run on (answered by the route, never looked up). */
const ELSEWHERE = 'http://elsewhere.test';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
  for (const [name, body] of [
    ['with-vins', withVins.html],
    ['without-vins', withoutVins],
  ])
    for (const origin of [stack.server.origin, ELSEWHERE])
      await stack.browser.context.route(`${origin}/generated/${name}.html`, (route) =>
        route.fulfill({ contentType: 'text/html', body }),
      );
});
afterAll(() => stack?.stop());

interface TreeNode {
  children?: TreeNode[];
  shadowRoots?: TreeNode[];
  pseudoElements?: TreeNode[];
}
const treeSize = (node: TreeNode): number =>
  1 +
  [...(node.shadowRoots ?? []), ...(node.pseudoElements ?? []), ...(node.children ?? [])].reduce(
    (sum, child) => sum + treeSize(child),
    0,
  );

/** Live nodes of the tab's renderer that are not in its tree (closed shadow roots and ::before in it). */
async function nodesOutsideTree(tab: Page): Promise<{ outside: number; tree: number }> {
  const cdp = await tab.context().newCDPSession(tab);
  await cdp.send('HeapProfiler.collectGarbage');
  const { nodes } = (await cdp.send('Memory.getDOMCounters')) as { nodes: number };
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: TreeNode };
  await cdp.detach();
  const tree = treeSize(root);
  return { outside: nodes - tree, tree };
}

/** The page's own nodes outside its tree, where the content script does not run. */
async function baseline(name: string): Promise<number> {
  const tab = await stack.browser.context.newPage();
  await tab.goto(`${ELSEWHERE}/generated/${name}.html`);
  const { outside } = await nodesOutsideTree(tab);
  await tab.close();
  return outside;
}

async function scanned(name: string): Promise<Page> {
  const tab = await stack.browser.context.newPage();
  await tab.addInitScript(() =>
    document.addEventListener('vhl:drained', () => document.documentElement.setAttribute('data-scanned', '')),
  );
  await tab.goto(`${stack.server.origin}/generated/${name}.html`);
  await tab.waitForSelector('html[data-scanned]');
  return tab;
}

describe("the scan's footprint in the page", () => {
  it('leaves no node outside the tree of a results page without VINs', async () => {
    const tab = await scanned('without-vins');
    expect(await tab.locator('[data-vhl-vin]').count()).toBe(0);
    const { outside, tree } = await nodesOutsideTree(tab);
    // The page's tree: about 12 nodes a card.
    expect(tree).toBeGreaterThan(CARDS * 9);
    // Before: 3,200 more (an Attr node for each attribute the scan read).
    expect(outside - (await baseline('without-vins'))).toBeLessThanOrEqual(5);
    await tab.close();
  });

  it('leaves no node outside the tree of a results page whose every card is badged', async () => {
    const tab = await scanned('with-vins');
    await expect.poll(() => tab.locator('[data-vhl-vin]').count(), { timeout: 60_000 }).toBe(CARDS);
    // The badges near the screen drawn and put in place: the page as the user sees it.
    await expect.poll(() => tab.locator('[data-vhl-shown][data-vhl-placed]').count()).toBeGreaterThan(10);
    await expect.poll(() => tab.locator('[data-vhl-shown]:not([data-vhl-placed])').count()).toBe(0);
    const { outside } = await nodesOutsideTree(tab);
    // Before: 7,400 more (the Attr nodes, and 7 nodes of pill for each badge never drawn).
    expect(outside - (await baseline('with-vins'))).toBeLessThanOrEqual(5);
    await tab.close();
  });
});
