// NHTSA's free facts for one VIN on the extension's own pages (issue 46): the popup's VIN box, the
// report viewer beside key facts. Asked once shown (the user acted on this VIN); off says where to
// turn them on, a failure says why, and neither costs anything.
import { useEffect, useState } from 'preact/hooks';
import { type Result, unanswered } from '@/lib/errors/result';
import { ask } from '@/lib/messaging/messaging';
import {
  type FactLine,
  freeFactsShown,
  RECALL_LOOKUP_WORDS,
  recallLookupUrl,
} from '@/lib/nhtsa/free-facts-words';
import type { FreeFactsAnswer } from '@/lib/nhtsa/nhtsa-messages';
import type { Vin } from '@/lib/vin/vin-syntax';

/** `claims`: what the page says the vehicle is (a report's title), checked against the decode. */
export function FreeFactsLines({ vin, claims = '' }: { vin: Vin; claims?: string }) {
  const [answer, setAnswer] = useState<Result<FreeFactsAnswer> | null>(null);
  useEffect(() => {
    setAnswer(null);
    ask('getFreeFacts', { vin }).catch(unanswered).then(setAnswer);
  }, [vin]);
  if (!answer)
    return (
      <p class="muted" role="status">
        Asking NHTSA (free)…
      </p>
    );
  if (!answer.ok) return <p class="field-error">Free NHTSA facts: {answer.error.message}</p>;
  if (!answer.value.on)
    return (
      <p class="muted" data-testid="free-facts">
        Free NHTSA facts (recalls, complaints, crash ratings) are off:{' '}
        <a href="options.html#free-facts" target="_blank" rel="noreferrer">
          turn them on in the settings
        </a>
        .
      </p>
    );
  const lines = freeFactsShown(answer.value.facts, claims, { recalls: 5 });
  const recalls = lines.filter((line) => line.tone === 'recall');
  const CLASS: Record<FactLine['tone'], string> = {
    plain: '',
    warn: 'notice',
    alarm: 'notice',
    note: 'muted',
    error: 'field-error',
    recall: '',
  };
  return (
    <div class="free-facts" data-testid="free-facts">
      {lines.map((line, index) =>
        line.tone === 'recall' ? (
          // The campaigns as one list, where the first of them stands.
          line === recalls[0] && (
            <ul class="recalls" key="recalls">
              {recalls.map((r) => (
                <li key={r.text}>{r.text}</li>
              ))}
            </ul>
          )
        ) : (
          <p key={line.text} class={CLASS[line.tone]}>
            {index === 0 && <strong>Free facts from NHTSA: </strong>}
            {line.text}
            {line.lookup && (
              <>
                {' '}
                <a href={recallLookupUrl(vin)} target="_blank" rel="noreferrer">
                  {RECALL_LOOKUP_WORDS}
                </a>
              </>
            )}
          </p>
        ),
      )}
    </div>
  );
}
