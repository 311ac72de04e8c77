// Reads and clicks inside a badge's closed shadow root in Firefox, as closed-shadow.ts does in
// Chromium. Page scripts cannot reach a closed root; WebDriver BiDi can: a node's serialisation
// carries its shadow root whatever its mode (includeShadowTree: 'all'), and that root, passed back by
// its sharedId, can be read and measured. Clicks are real mouse clicks at the measured centre.
import type { Page } from 'puppeteer-core';
import type { FirefoxExtension } from '../../../scripts/firefox';

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}
interface Outcome {
  type: string;
  result?: { value?: unknown; sharedId?: string };
  exceptionDetails?: unknown;
}

export function firefoxBadgeOf(firefox: FirefoxExtension, page: Page, vin: string) {
  const bidi = (firefox.browser as unknown as { connection: BidiConnection }).connection;
  const context = (page.mainFrame() as unknown as { _id: string })._id;
  async function root(): Promise<string> {
    const { result } = await bidi.send('script.evaluate', {
      expression: `document.querySelector('[data-vhl-vin="${vin}"]')`,
      target: { context },
      awaitPromise: false,
      serializationOptions: { maxDomDepth: 0, includeShadowTree: 'all' },
    });
    const node = (result as Outcome).result as { value?: { shadowRoot?: { sharedId?: string } } } | undefined;
    const id = node?.value?.shadowRoot?.sharedId;
    if (!id) throw new Error(`no badge for ${vin}`);
    return id;
  }
  /** Runs `fn` in the page with the badge's shadow root as its first argument. */
  async function inRoot<T>(fn: string, ...args: unknown[]): Promise<T> {
    const { result } = await bidi.send('script.callFunction', {
      functionDeclaration: fn,
      target: { context },
      awaitPromise: true,
      arguments: [{ sharedId: await root() }, ...args.map((value) => ({ type: 'string', value }))],
    });
    const outcome = result as Outcome;
    if (outcome.type !== 'success') throw new Error(`in the badge of ${vin}: ${JSON.stringify(outcome)}`);
    return (outcome.result as { value?: unknown })?.value as T;
  }
  // Text nodes and the badge's generated words (`data-w`: CSS content no page script can read), in order.
  const TEXT = `(root) => {
    const out = [];
    const walk = (n) => {
      if (n.nodeType === 3) out.push(n.nodeValue);
      else if (n.nodeType === 1 && n.hasAttribute('data-w')) out.push(n.getAttribute('data-w'));
      for (const c of n.childNodes) walk(c);
    };
    walk(root);
    return out.join(' ').replace(/\\s+/g, ' ').trim();
  }`;
  // Only once placed: a badge is hidden until then (badge-style.ts), and a click goes through it.
  const CENTRE = `(root, label) => {
    if (!root.host.hasAttribute('data-vhl-placed')) return null;
    const b = [...root.querySelectorAll('button, a')].find((b) => {
      const words = [b.textContent, ...[...b.querySelectorAll('[data-w]')].map((e) => e.getAttribute('data-w'))].join(' ');
      return words.includes(label);
    });
    if (!b) return null;
    b.scrollIntoView({ block: 'center' });
    // A link's first line box: a wrapped link's box centre falls between its lines, on the paragraph.
    const r = b.getClientRects()[0] ?? b.getBoundingClientRect();
    return JSON.stringify([r.left + r.width / 2, r.top + r.height / 2]);
  }`;
  async function click(label: string): Promise<void> {
    for (const until = Date.now() + 5_000; ; ) {
      // A string: BiDi serialises an array as a list of typed values.
      const said = await inRoot<string | null>(CENTRE, label);
      const centre = said ? (JSON.parse(said) as [number, number]) : null;
      if (centre) {
        await page.mouse.click(centre[0], centre[1]);
        return;
      }
      if (Date.now() > until) throw new Error(`no button "${label}" in the badge of ${vin}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    text: () => inRoot<string>(TEXT),
    /** The words of what holds focus inside the badge (its closed root's activeElement), or ''. */
    focused: () =>
      inRoot<string>(`(root) => {
        const a = root.activeElement;
        if (!a) return '';
        return [a.textContent, ...[...a.querySelectorAll('[data-w]')].map((e) => e.getAttribute('data-w'))].join(' ').trim();
      }`),
    /** The pill as the eye reads it: "pill <kind> | icon <shape> | <words>" (pill.ts; whole or compact alike). */
    pill: () =>
      inRoot<string>(`(root) => {
        const b = root.querySelector('button.pill');
        return b.className.replace(' compact', '') + ' | ' + b.querySelector('.icon').className + ' | ' + b.querySelector('.words').getAttribute('data-w');
      }`),
    click,
    /** Opens the panel from the pill and waits until it is drawn (the first of a page is injected). */
    async open(): Promise<void> {
      await click('VIN History Lens');
      await page.waitForSelector(`[data-vhl-vin="${vin}"][data-vhl-open]`, { timeout: 10_000 });
    },
  };
}
