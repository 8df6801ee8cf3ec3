// Which SIP statuses this process has written to the journal and the catalogue, so a page polling
// a SIP that has not changed (or has ended) costs no database work per read. Forgetting is always
// safe: the writers compare with what is stored and change nothing for an answer seen before.
export interface RecordedStatuses {
  // Whether `answer` for `key` is already recorded by this process.
  has(key: string, answer: string): boolean;
  remember(key: string, answer: string): void;
}

export function createRecordedStatuses(maxEntries = 10_000): RecordedStatuses {
  const recorded = new Map<string, string>();
  return {
    has: (key, answer) => recorded.get(key) === answer,
    remember(key, answer) {
      recorded.delete(key);
      recorded.set(key, answer);
      if (recorded.size > maxEntries) {
        const oldest = recorded.keys().next().value;
        if (oldest !== undefined) recorded.delete(oldest);
      }
    },
  };
}
