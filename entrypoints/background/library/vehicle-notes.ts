// A private note per vehicle (by VIN), written in the report library. Kept in the background-owned
// store and nowhere else: not sent to the service, not cleared by "Clear cached data" (a note is the
// user's own writing, not a cache). Exported with the report CSV.
import { z } from 'zod/mini';
import { ok, type Result } from '@/lib/errors/result';
import type { NoteRequest, Notes } from '@/lib/reports/library-messages';
import { storedValue } from '../storage/store';

const notes = storedValue('vehicleNotes', z.record(z.string(), z.string()), () => ({}));

export const readNotes = (): Promise<Notes> => notes.get();

/** Saves the note of one VIN; an empty note deletes it. */
export async function saveNote({ vin, text }: NoteRequest): Promise<Result<Notes>> {
  const trimmed = text.trim();
  return ok(
    await notes.update((all) => {
      const next = { ...all };
      if (trimmed) next[vin] = trimmed;
      else delete next[vin];
      return next;
    }),
  );
}
