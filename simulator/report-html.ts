// Report HTML shaped like the two large US history providers' real reports (report-provider-a.ts,
// report-provider-b.ts say whose shape and where it is described) and, on purpose, carrying hostile
// parts: every demo and test exercises the sandbox. The hostile parts aim at the simulator's
// /__sim/beacon so tests can count anything that runs or loads; the look's stylesheets, fonts and
// scripts point at the provider's CDN (cdnOrigin), which the viewer loads only into a complete copy
// the user asked for (lib/reports/offline/).
import { rng, vehicleHistory } from './report-history';
import { type HostileParts, providerAReport } from './report-provider-a';
import { providerBReport } from './report-provider-b';

export type SimVariant = 'A1' | 'A2' | 'B21' | 'B24';

export interface ReportHtmlInput {
  provider: 'providerA' | 'providerB';
  id: string;
  vin: string;
  yearMakeModel: string;
  records: number;
  createdAt: string;
  /** Origin of the simulator, for the tracking parts (they must be observable by tests). */
  origin: string;
  /** Where the provider's stylesheets, fonts and scripts live (simulator/cdn-server.ts); default the
   * simulator's /__sim/cdn, which serves nothing. */
  cdnOrigin?: string;
  /** Pads the service history to roughly this many bytes (large-report tests). */
  padToBytes?: number;
  /** Which generation of the provider's layout; by default drawn from the report's id and VIN. */
  variant?: SimVariant;
}

/** The layout generation a report is drawn in: the same report always the same, both in use. */
export function reportVariant(
  input: Pick<ReportHtmlInput, 'provider' | 'id' | 'vin' | 'variant'>,
): SimVariant {
  if (input.variant) return input.variant;
  const older = rng(`variant:${input.provider}:${input.id}:${input.vin}`)() < 0.5;
  if (input.provider === 'providerA') return older ? 'A1' : 'A2';
  return older ? 'B21' : 'B24';
}

const EVENTS = [
  'Registration renewed',
  'Oil and filter changed',
  'Emissions inspection passed',
  'Tires rotated',
];

function hostileParts(input: ReportHtmlInput): HostileParts {
  const beacon = (what: string) =>
    `${input.origin}/__sim/beacon?what=${what}&amp;report=${input.provider}-${input.id}`;
  return {
    head: `<meta http-equiv="refresh" content="3;url=${beacon('meta-refresh')}">
<base href="${input.origin}/__sim/beacon/">
<style>.flag{background:url('${beacon('css-url')}')}</style>
<script>window.__vhlReportScriptRan = true; fetch('${beacon('script-fetch')}');</script>`,
    bodyAttributes: `onload="document.title='pwned'"`,
    body: `<img src="x-missing.png" onerror="window.__vhlReportScriptRan = true; new Image().src='${beacon('onerror')}'" alt="">
<p class="flag"><a href="javascript:window.__vhlReportScriptRan=true">Verify this report</a> &middot; <a href="https://example.com/help" target="_self">Help</a></p>
<form action="${beacon('form')}" method="get"><input name="email" placeholder="Email me updates" aria-label="Email"> <button>Subscribe</button></form>
<iframe src="${beacon('iframe')}" width="1" height="1" style="border:0"></iframe>`,
    photo: `<img src="${beacon('remote-image')}" alt="Vehicle photo (remote)" width="320" height="180" style="background:#ddd;max-width:100%">`,
  };
}

export function renderReportHtml(input: ReportHtmlInput): string {
  const year = Number(input.yearMakeModel.slice(0, 4)) || 2010;
  const history = vehicleHistory(input.vin, year, input.provider, input.records);
  const cdn = input.cdnOrigin ?? `${input.origin}/__sim/cdn`;
  const variant = reportVariant(input);
  let html =
    variant === 'A1' || variant === 'A2'
      ? providerAReport(input, history, hostileParts(input), cdn, variant)
      : providerBReport(input, history, hostileParts(input), cdn, variant);
  if (input.padToBytes && html.length < input.padToBytes) {
    const filler: string[] = [];
    let size = html.length;
    for (let i = 0; size < input.padToBytes; i++) {
      const row = `<tr><td>Archived entry ${i}</td><td>${(i * 7919) % 200000}</td><td>${EVENTS[i % EVENTS.length]}</td></tr>`;
      filler.push(row);
      size += row.length;
    }
    html = html.replace(
      '</body>',
      `<section><h2>Archive</h2><table>${filler.join('')}</table></section></body>`,
    );
  }
  return html;
}
