// The sandboxed report frame (components/report-frame.tsx): a new document is drawn in a new frame.
// Changing a frame's srcdoc in place left Chromium showing the previous document under load (a
// complete copy kept while the frame stayed plain, in a full e2e run); a fresh frame has nothing old
// to keep.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { ReportFrame } from '@/components/report-frame';

afterEach(cleanup);

it('draws each new document in a new sandboxed frame, and keeps the frame while the document stays', () => {
  const { rerender } = render(<ReportFrame title="providerA report" srcdoc="<p>plain</p>" />);
  const first = screen.getByTitle('providerA report');
  rerender(<ReportFrame title="providerA report" srcdoc="<p>plain</p>" />);
  expect(screen.getByTitle('providerA report')).toBe(first);

  rerender(<ReportFrame title="providerA report" srcdoc="<p>complete copy</p>" />);
  const second = screen.getByTitle('providerA report');
  expect(second).not.toBe(first);
  expect(first.isConnected).toBe(false);
  expect(second.getAttribute('srcdoc')).toBe('<p>complete copy</p>');
  // The walls are the same on the new frame: no scripts, no same origin.
  expect(second.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
});
