// Reads and clicks inside a badge's closed shadow root from a test. Page scripts cannot do this;
// DevTools can: DOM.getDocument with pierce sees closed roots, and clicks are real mouse clicks.
import type { CDPSession, Page } from 'playwright-core';

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

function* walk(node: DomNode): Generator<DomNode> {
  yield node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) yield* walk(child);
}

/** A node's words as the user sees them: its text and the badge's generated words (`data-w`,
 * CSS content no page script can read: entrypoints/vin.content/badge/pill.ts). */
const wordsOf = (n: DomNode): string[] => {
  if (n.nodeType === 3) return [n.nodeValue];
  const attrs = n.attributes ?? [];
  const i = attrs.indexOf('data-w');
  return i >= 0 ? [attrs[i + 1] ?? ''] : [];
};
const textOf = (node: DomNode): string =>
  [...walk(node)].flatMap(wordsOf).join(' ').replace(/\s+/g, ' ').trim();

export async function badgeOf(page: Page, vin: string) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  async function host(): Promise<DomNode> {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const found = [...walk(root)].find((n) => {
      const attrs = n.attributes ?? [];
      const i = attrs.indexOf('data-vhl-vin');
      return i >= 0 && attrs[i + 1] === vin;
    });
    if (!found) throw new Error(`no badge for ${vin} on ${page.url()}`);
    return found;
  }
  const attr = (node: DomNode | undefined, name: string) => {
    const attrs = node?.attributes ?? [];
    const i = attrs.indexOf(name);
    return i >= 0 ? attrs[i + 1] : undefined;
  };
  /** The first button or link whose text contains `label`, waited for as a user would: a badge is drawn
   * after the frame its host joins the page in has been laid out (near-screen.ts), a panel after its
   * click, and seen once placed (hidden until then: badge-style.ts; a press on it before that goes
   * to whatever is under it, a card's link on a phone). */
  async function buttonOf(label: string | RegExp): Promise<DomNode | undefined> {
    for (const until = Date.now() + 5_000; ; ) {
      const badgeHost = await host();
      const seen = attr(badgeHost, 'data-vhl-placed') !== undefined;
      const button = [...walk(badgeHost)].find(
        (n) =>
          seen &&
          (n.nodeName === 'BUTTON' || n.nodeName === 'A') &&
          (typeof label === 'string' ? textOf(n).includes(label) : label.test(textOf(n))),
      );
      if (button || Date.now() > until) return button;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  /** The centre (viewport pixels) of that button, scrolled into view; of a link's first line box (a
   * link wrapped over two lines has its box's centre between them, on the paragraph). */
  async function centreOf(label: string | RegExp): Promise<[number, number]> {
    const button = await buttonOf(label);
    if (!button) throw new Error(`no button ${label} in the badge of ${vin}: ${textOf(await host())}`);
    await cdp.send('DOM.scrollIntoViewIfNeeded', { nodeId: button.nodeId });
    const { quads } = (await cdp.send('DOM.getContentQuads', { nodeId: button.nodeId })) as {
      quads: number[][];
    };
    const [x1, y1, , , x3, y3] = quads[0] as [number, number, number, number, number, number];
    return [(x1 + x3) / 2, (y1 + y3) / 2];
  }
  /** Its centre once it stopped moving, as a finger aims at what it sees: a phone's panel is a
   * sheet along the bottom, growing upward as its vehicle's memory and facts arrive (panel.tsx),
   * and a tap read before that lands on the sheet's text instead of its button. */
  async function steadyCentreOf(label: string | RegExp): Promise<[number, number]> {
    let last = await centreOf(label);
    for (const until = Date.now() + 3_000; Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const now = await centreOf(label);
      if (now[0] === last[0] && now[1] === last[1]) return now;
      last = now;
    }
    return last;
  }
  /** Opens the panel from the pill as a user would, and waits until it is drawn (the first open of
   * a page waits for the background to inject it). A press that did not reach the pill (the pill
   * moved to a new spot between the reading of its box and the press: spot-watch.ts) is made
   * again, as a user would; one that did is never repeated, since a second press closes. */
  async function open(how: 'click' | 'tap' = 'click'): Promise<void> {
    const pill = /VIN History Lens/;
    const state = async () => {
      const badgeHost = await host();
      const button = [...walk(badgeHost)].find((n) => n.nodeName === 'BUTTON' && pill.test(textOf(n)));
      return {
        drawn: attr(badgeHost, 'data-vhl-open') !== undefined,
        pressed: attr(button, 'aria-expanded') === 'true',
        said: `${textOf(badgeHost)} (pill's title: ${attr(button, 'title')})`,
      };
    };
    const until = async (ms: number, done: (s: Awaited<ReturnType<typeof state>>) => boolean) => {
      for (const end = Date.now() + ms; ; ) {
        const now = await state();
        if (done(now) || Date.now() > end) return now;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [x, y] = await centreOf(pill);
      if (how === 'tap') await page.touchscreen.tap(x, y);
      else await page.mouse.click(x, y);
      // The pill says it is pressed at once; the panel follows (injected by the background).
      if (!(await until(1_000, (s) => s.pressed || s.drawn)).pressed) continue;
      const now = await until(10_000, (s) => s.drawn || !s.pressed);
      if (now.drawn) return;
      throw new Error(`the panel of ${vin} did not open: ${now.said}`);
    }
    throw new Error(`the pill of ${vin} did not take three presses: ${(await state()).said}`);
  }
  return {
    open,
    /** All text inside the badge, its closed shadow root included. */
    text: async () => textOf(await host()),
    /** The pill as the eye reads it: "pill <kind> | icon <shape> | <words>" (pill.ts; whole or compact alike). */
    async pill(): Promise<string> {
      const nodes = [...walk(await host())];
      const button = nodes.find((n) => /^pill\b/.test(attr(n, 'class') ?? ''));
      const inside = button ? [...walk(button)] : [];
      const icon = inside.find((n) => /^icon\b/.test(attr(n, 'class') ?? ''));
      const words = inside.find((n) => attr(n, 'class') === 'words');
      return `${attr(button, 'class')?.replace(' compact', '')} | ${attr(icon, 'class')} | ${attr(words, 'data-w')}`;
    },
    /** Clicks, with the mouse, the first button inside the badge whose text contains `label`. */
    async click(label: string | RegExp) {
      const [x, y] = await steadyCentreOf(label);
      await page.mouse.click(x, y);
    },
    /** Taps it with a finger (the page's context must have touch: a phone). */
    async tap(label: string | RegExp) {
      const [x, y] = await steadyCentreOf(label);
      await page.touchscreen.tap(x, y);
    },
    /** The box (viewport pixels) of the first element inside the badge with this class, or null. */
    async boxOf(className: string): Promise<{ x: number; y: number; width: number; height: number } | null> {
      const node = [...walk(await host())].find((n) => {
        const attrs = n.attributes ?? [];
        const i = attrs.indexOf('class');
        return i >= 0 && (attrs[i + 1] ?? '').split(/\s+/).includes(className);
      });
      if (!node) return null;
      const { model } = (await cdp.send('DOM.getBoxModel', { nodeId: node.nodeId })) as {
        model: { border: number[] };
      };
      const [x1, y1, , , x3, y3] = model.border as [number, number, number, number, number, number];
      return { x: x1, y: y1, width: x3 - x1, height: y3 - y1 };
    },
    close: () => cdp.detach(),
  };
}
