// NHTSA's free facts in a badge's panel (issue 46), asked by the panel when it opens (the user acted
// on this vehicle) and only if the user turned them on; otherwise one line and the way to the
// options, where the browser is asked. The recall headline leads the panel's findings (panel.tsx)
// and is not said again here. Words are generated content (`W`), as the rest of the panel's.
import type { Result } from '@/lib/errors/result';
import {
  type FactLine,
  freeFactsShown,
  RECALL_LOOKUP_WORDS,
  recallLookupUrl,
} from '@/lib/nhtsa/free-facts-words';
import type { FreeFactsAnswer } from '@/lib/nhtsa/nhtsa-messages';
import type { Vin } from '@/lib/vin/vin-syntax';
import type { BadgeActions } from '../vin.content/badge/panel-contract';
import { send } from '../vin.content/send';

const W = ({ t }: { t: string }) => <span data-w={t} />;

interface Props {
  vin: string;
  title: string;
  actions: BadgeActions;
  /** The panel already warns of the listing against the VIN's offline decode: not said twice. */
  warned: boolean;
  /** NHTSA's answer as the panel asked it; null while asking. */
  answer: Result<FreeFactsAnswer> | null;
}

/** The recall headline when the model has recalls: a finding the panel shows first. */
export function recallFinding(answer: Result<FreeFactsAnswer> | null, title: string): FactLine | null {
  if (!answer?.ok || !answer.value.on || !answer.value.facts.model?.ok) return null;
  if (answer.value.facts.model.value.recalls.length === 0) return null;
  return freeFactsShown(answer.value.facts, title, { recalls: 0 }).find((line) => line.lookup) ?? null;
}

export function FreeFactsPart({ vin, title, actions, warned, answer }: Props) {
  if (!answer)
    return (
      <p class="muted free" role="status">
        <W t="Asking NHTSA (free)…" />
      </p>
    );
  if (!answer.ok)
    return (
      <p class="error free" data-testid="free-facts">
        <W t={`Free NHTSA facts: ${answer.error.message}`} />
      </p>
    );
  if (!answer.value.on)
    return (
      <p class="muted free" data-testid="free-facts">
        <W t="Free NHTSA facts (recalls, complaints, crash ratings) are off. " />
        <button
          type="button"
          class="link"
          aria-label="Turn them on in the options"
          onClick={() => actions.turnOnFreeFacts()}
        >
          <W t="Turn them on in the options…" />
        </button>
      </p>
    );
  const lead = recallFinding(answer, title);
  const lines = freeFactsShown(answer.value.facts, title, { warned, recalls: 3 }).filter(
    (line) => line.text !== lead?.text,
  );
  const CLASS: Record<FactLine['tone'], string> = {
    plain: '',
    warn: 'warning',
    alarm: 'warning',
    note: 'muted',
    error: 'error',
    recall: 'recall',
  };
  return (
    <div class="free" data-testid="free-facts">
      <p class="free-head">
        <W t="Free facts from NHTSA" />
      </p>
      {lines.map((line) => (
        <p key={line.text} class={CLASS[line.tone]} role={line.tone === 'alarm' ? 'alert' : undefined}>
          <W t={line.text} />
          {line.lookup && (
            <>
              {' '}
              <RecallLookupLink vin={vin} />
            </>
          )}
        </p>
      ))}
    </div>
  );
}

/**
 * NHTSA's recall lookup for this VIN. A link inside the closed root never navigates (the badge's host
 * cancels every click: a card's own link must never open instead), so the background opens it in a
 * new tab; the href stays for what the link is (its address shown, a screen reader's "link").
 */
export function RecallLookupLink({ vin }: { vin: string }) {
  return (
    <a
      href={recallLookupUrl(vin)}
      target="_blank"
      rel="noreferrer"
      aria-label={RECALL_LOOKUP_WORDS}
      onClick={(event) => {
        event.preventDefault();
        void send('openRecallLookup', { vin: vin as Vin }).catch(() => undefined);
      }}
    >
      <W t={RECALL_LOOKUP_WORDS} />
    </a>
  );
}
