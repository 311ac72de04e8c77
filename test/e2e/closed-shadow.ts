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

const textOf = (node: DomNode): string =>
  [...walk(node)]
    .filter((n) => n.nodeType === 3)
    .map((n) => n.nodeValue)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

export async function badgeOf(page: Page, vin: string) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  async function host(): Promise<DomNode> {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const found = [...walk(root)].find((n) => {
      const attrs = n.attributes ?? [];
      const i = attrs.indexOf('data-vhr-vin');
      return i >= 0 && attrs[i + 1] === vin;
    });
    if (!found) throw new Error(`no badge for ${vin}`);
    return found;
  }
  /** The first button whose text contains `label`, waited for as a user would: a badge is drawn
   * after the frame its host joins the page in has been laid out (near-screen.ts), a panel after its click. */
  async function buttonOf(label: string | RegExp): Promise<DomNode | undefined> {
    for (const until = Date.now() + 5_000; ; ) {
      const button = [...walk(await host())].find(
        (n) =>
          n.nodeName === 'BUTTON' &&
          (typeof label === 'string' ? textOf(n).includes(label) : label.test(textOf(n))),
      );
      if (button || Date.now() > until) return button;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  /** The centre (viewport pixels) of that button, scrolled into view. */
  async function centreOf(label: string | RegExp): Promise<[number, number]> {
    const button = await buttonOf(label);
    if (!button) throw new Error(`no button ${label} in the badge of ${vin}: ${textOf(await host())}`);
    await cdp.send('DOM.scrollIntoViewIfNeeded', { nodeId: button.nodeId });
    const { model } = (await cdp.send('DOM.getBoxModel', { nodeId: button.nodeId })) as {
      model: { content: number[] };
    };
    const [x1, y1, , , x3, y3] = model.content as [number, number, number, number, number, number];
    return [(x1 + x3) / 2, (y1 + y3) / 2];
  }
  return {
    /** All text inside the badge, its closed shadow root included. */
    text: async () => textOf(await host()),
    /** Clicks, with the mouse, the first button inside the badge whose text contains `label`. */
    async click(label: string | RegExp) {
      const [x, y] = await centreOf(label);
      await page.mouse.click(x, y);
    },
    /** Taps it with a finger (the page's context must have touch: a phone). */
    async tap(label: string | RegExp) {
      const [x, y] = await centreOf(label);
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
