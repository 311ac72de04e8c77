// The viewer's second wall: what the sandboxed frame receives from a report's HTML.
import { describe, expect, it } from 'vitest';
import { countRemoteResources, reportDocument } from '@/lib/report-document';
import { renderReportHtml } from '@/simulator/report-html';

const hostile = renderReportHtml({
  provider: 'providerA',
  id: '1',
  vin: '1G1PG5SC3C7167133',
  yearMakeModel: '2012 Chevrolet Cruze LT',
  records: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  origin: 'http://127.0.0.1:8787',
});

describe('report document', () => {
  const doc = reportDocument(hostile, new DOMParser(), { allowRemote: false });

  it('keeps the report: sections, tables, inline styles, data images', () => {
    expect(doc).toContain('Vehicle History Report');
    expect(doc).toContain('<table');
    expect(doc).toContain('style="');
    expect(doc).toContain('data:image/svg+xml');
  });

  it('removes what could run, navigate or leak', () => {
    expect(doc).not.toMatch(/<script|onerror=|onload=|http-equiv="refresh"|<base|<iframe|javascript:/i);
    expect(doc).not.toMatch(/action="/);
  });

  it('puts a strict policy first: nothing remote, no script, no form target, no referrer', () => {
    const head = doc.slice(doc.indexOf('<head>'), doc.indexOf('<title>'));
    expect(head).toContain(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'",
    );
    expect(head).toContain('name="referrer" content="no-referrer"');
  });

  it('opens web links in a new tab and drops the others', () => {
    expect(doc).toContain('href="https://example.com/help" target="_blank" rel="noopener noreferrer"');
    expect(doc).not.toContain('x-missing.png" onerror');
  });

  it('lets remote images in only when the user switches them on', () => {
    expect(countRemoteResources(hostile, new DOMParser())).toBe(1);
    expect(reportDocument(hostile, new DOMParser(), { allowRemote: true })).toContain(
      'img-src data: https: http:',
    );
  });

  it.each([
    '<svg><script>alert(1)</script></svg>',
    '<img src=x onerror=alert(1)>',
    '<a href="  JaVaScRiPt:alert(1)">x</a>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<object data="javascript:alert(1)"></object>',
    '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<base href="https://evil.example/">',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  ])('neutralises %s', (vector) => {
    const out = reportDocument(`<html><body>${vector}</body></html>`, new DOMParser(), {
      allowRemote: false,
    });
    expect(out).not.toMatch(
      /<script|onerror|javascript:|<iframe|<object|<base |http-equiv="refresh"|action="https/i,
    );
  });
});
