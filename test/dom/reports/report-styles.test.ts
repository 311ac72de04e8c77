// What a report's own stylesheets show (lib/reports/facts/report-styles.ts, shown-text.ts; issue
// 55): reports hide rows by class, so key facts are read only from what the cascade shows, at a
// desktop screen of 1280x800. The trap from the issue on a real providerA layout
// (support/report-hidden-rows.ts): a copy of the "Accident / Damage" row saying "No Issues
// Reported", hidden by the report's own class, before the visible "Accident Reported". Documents
// are parsed by parse5, as both browsers' DOMParser (report-variants.test.ts says why); the same
// trap runs in real Chromium and Firefox in test/e2e/report-variants.test.ts.
import { parse, serialize } from 'parse5';
import { describe, expect, it } from 'vitest';
import { extractFacts } from '@/lib/reports/facts/extract-facts';
import { factsLine } from '@/lib/reports/facts/facts-line';
import { isShown, shownText } from '@/lib/reports/facts/shown-text';
import { HIDING_FORMS, hiddenCopyTrap } from '../../support/report-hidden-rows';

const parseSpec = (html: string) => new DOMParser().parseFromString(serialize(parse(html)), 'text/html');
const page = (css: string, body: string) =>
  parseSpec(`<!doctype html><html><head><style>${css}</style></head><body>${body}</body></html>`);

describe("the report's own cascade", () => {
  it('a class hiding a row hides its words; the visible row is read', () => {
    const doc = page(
      '.print-only { display: none }',
      '<p class="print-only">No Issues Reported</p><p>Accident Reported</p>',
    );
    expect(shownText(doc.body)).toBe('Accident Reported');
  });

  it('order, specificity and !important decide; the style attribute beats a normal rule', () => {
    const doc = page(
      '.row { display: none } .row { display: block } #a.row { display: none } .keep { display: block !important } .x { display: none }',
      '<p id="a" class="row">A</p><p id="b" class="row">B</p><p id="c" class="row keep">C</p><p class="x" style="display:block">D</p><p class="keep" style="display:none !important">E</p>',
    );
    expect(shownText(doc.body)).toBe('B C D');
  });

  it("@media read at a desktop width: the simulator's Bootstrap-like pair (.d-none, then .d-md-table) shows", () => {
    const doc = page(
      '.d-none { display: none !important } @media (min-width: 768px) { .d-md-table { display: table !important } } @media (max-width: 767.98px) { .desk { display: none } } @media print { .screen { display: none } }',
      '<table class="d-none d-md-table"><tr><td>Owners 2</td></tr></table><p class="desk">Desk</p><p class="screen">Screen</p><div class="d-none">Mobile copy</div>',
    );
    expect(shownText(doc.body)).toBe('Owners 2 Desk Screen');
  });

  it('opacity:0 hides a subtree; visibility and font-size:0 are inherited, and a descendant can undo them', () => {
    const doc = page(
      '.ghost { opacity: 0 } .quiet { visibility: hidden } .loud { visibility: visible } .tiny { font-size: 0 } .big { font-size: 14px }',
      '<div class="ghost"><span class="loud">Ghost</span></div><div class="quiet">Quiet <span class="loud">Loud</span></div><div class="tiny">Tiny <b class="big">Big</b></div>',
    );
    expect(shownText(doc.body)).toBe('Loud Big');
    expect(isShown(doc.querySelector('.quiet .loud') as Element)).toBe(true);
    expect(isShown(doc.querySelector('.quiet') as Element)).toBe(false);
  });

  it('a closed accordion is text a reader can open, not hidden; a remote sheet is not guessed', () => {
    const doc = parseSpec(
      '<html><head><link rel="stylesheet" href="https://cdn.example/hide-all.css"><style>.collapse:not(.show) { display: none }</style></head><body><div class="collapse"><p>Service record: oil change</p></div><p class="anything">Shown</p></body></html>',
    );
    expect(shownText(doc.body)).toBe('Service record: oil change Shown');
  });

  it('selectors the engine does not know and pseudo-elements match nothing; comments and other at-rules are skipped', () => {
    const doc = page(
      '/* .a { display:none } */ p::before { display: none } @font-face { font-family: x; } @keyframes k { from { opacity: 0 } } p:-moz-weird { display: none } .b { display: none }',
      '<p class="a">A</p><p class="b">B</p>',
    );
    expect(shownText(doc.body)).toBe('A');
  });
});

describe("key facts only from what the report shows (the issue's trap)", () => {
  it('a hidden "No Issues Reported" copy before the visible accident row: the line says the accident', () => {
    const facts = extractFacts(parseSpec(hiddenCopyTrap()));
    expect(facts.accidents?.value).toEqual({ count: 2, worst: 'severe' });
    expect(factsLine(facts)).toContain('2 accidents (severe)');
    expect(factsLine(facts)).not.toContain('no accidents');
  });
});

describe("every form of the report's own styles (issue 63)", () => {
  it.each(Object.entries(HIDING_FORMS))('the copy hidden by %s: the line says the accident', (_, css) => {
    const facts = extractFacts(parseSpec(hiddenCopyTrap(css)));
    expect(facts.accidents?.value).toEqual({ count: 2, worst: 'severe' });
    expect(factsLine(facts)).not.toContain('no accidents');
  });

  it('an important layered rule beats an unlayered one; a normal layered rule loses to it, and two shown copies that disagree decide nothing', () => {
    const facts = extractFacts(
      parseSpec(
        hiddenCopyTrap(
          '@layer print { .print-copy { display: none !important; } } .print-copy { display: none; } tr.common-section-row { display: table-row; }',
        ),
      ),
    );
    // The important layered rule wins (important layers beat unlayered): hidden, read.
    expect(facts.accidents?.value).toEqual({ count: 2, worst: 'severe' });
    const shown = extractFacts(
      parseSpec(
        hiddenCopyTrap(
          '@layer print { #additional-history-section .print-copy { display: none; } } tr.common-section-row { display: table-row; }',
        ),
      ),
    );
    // Both copies shown and disagreeing: the row decides nothing (never the first); the overview's
    // "Accident reported" and the records say it.
    expect(shown.accidents?.value).toEqual({ count: 2, worst: 'severe' });
    expect(factsLine(shown)).not.toContain('no accidents');
  });

  it('content-visibility:hidden, a clip-path leaving nothing, a zero height with hidden overflow: hidden', () => {
    const doc = page(
      '.cv { content-visibility: hidden } .clip { clip-path: inset(50%) } .circle { clip-path: circle(0) } .shut { height: 0; overflow: hidden } .max { max-height: 0px; overflow-y: clip } .open { height: 0 } .part { clip-path: inset(10%) }',
      '<p class="cv">A</p><p class="clip">B</p><p class="circle">C</p><p class="shut">D</p><p class="max">E</p><p class="open">F</p><p class="part">G</p>',
    );
    expect(shownText(doc.body)).toBe('F G');
  });

  it('a statement at-rule ends at its semicolon, strings and url() included; a nested @media applies to its rule', () => {
    const doc = page(
      '@import url("a;b.css") screen; @namespace svg url(http://www.w3.org/2000/svg); .a { display: none } .b { color: red; @media (min-width: 768px) { display: none } } .c { @media (max-width: 600px) { display: none } }',
      '<p class="a">A</p><p class="b">B</p><p class="c">C</p>',
    );
    expect(shownText(doc.body)).toBe('C');
  });

  it('bad input: a 2 MB sheet and a selector nested 1,000 deep give an answer, never a hang', () => {
    const big = `${'.x { color: red } '.repeat(120_000)}.a { display: none }`;
    expect(big.length).toBeGreaterThan(2_000_000);
    expect(shownText(page(big, '<p class="a">A</p><p>B</p>').body)).toBe('B');
    const deep = `${'.n { '.repeat(1000)}display: none${' }'.repeat(1000)}`;
    // Past 12 levels a rule's outer parents match any element: it can only hide more.
    expect(shownText(page(deep, '<p class="n">A</p><p>B</p>').body)).toBe('B');
  });
});
