/**
 * CSV for PostgreSQL's COPY ... (FORMAT csv): an unquoted empty field is NULL, a quoted
 * empty field ("") is the empty string; fields holding a comma, a quote or a line break
 * are quoted with quotes doubled. Rows are joined into chunks of `CHUNK_ROWS` lines so
 * each COPY write is large (fast) but memory stays bounded however many rows we seed.
 */
const CHUNK_ROWS = 10_000;

export type CsvValue = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value === '') return '""';
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line, newline included. */
export function csvRow(values: readonly CsvValue[]): string {
  let line = csvField(values[0]);
  for (let i = 1; i < values.length; i++) line += ',' + csvField(values[i]);
  return line + '\n';
}

/** Groups lines into chunks of `rows` lines (the last one may be shorter). */
export function* chunkLines(lines: Iterable<string>, rows = CHUNK_ROWS): Generator<string> {
  let chunk = '';
  let count = 0;
  for (const line of lines) {
    chunk += line;
    if (++count === rows) {
      yield chunk;
      chunk = '';
      count = 0;
    }
  }
  if (count > 0) yield chunk;
}

/**
 * Feeds two COPY streams (flux and their lines) from one synchronous generator of
 * [first, second] chunk pairs, so both tables load at the same time on PostgreSQL (two
 * backends) while the lines are generated only once. A consumer whose queue is empty
 * pulls the next pair itself; it waits only while the other queue is over `limit`
 * chunks, so memory stays bounded and neither side can deadlock the other.
 */
export function splitPairs(
  pairs: Iterator<[string, string]>,
  limit = 4,
): [AsyncIterable<string>, AsyncIterable<string>] {
  const queues: [string[], string[]] = [[], []];
  const closed = [false, false];
  let done = false;
  let wake: (() => void)[] = [];
  const notify = () => {
    const waiting = wake;
    wake = [];
    for (const resolve of waiting) resolve();
  };

  const consumer = (side: 0 | 1): AsyncIterable<string> => ({
    [Symbol.asyncIterator]: () => ({
      async next(): Promise<IteratorResult<string>> {
        const own = queues[side];
        const other = side === 0 ? 1 : 0;
        for (;;) {
          const ready = own.shift();
          if (ready !== undefined) {
            notify();
            return { value: ready, done: false };
          }
          if (done) return { value: undefined, done: true };
          if (!closed[other] && queues[other].length >= limit) {
            await new Promise<void>((resolve) => wake.push(resolve));
            continue;
          }
          const step = pairs.next();
          if (step.done) {
            done = true;
            notify();
            continue;
          }
          own.push(step.value[side]);
          if (!closed[other]) queues[other].push(step.value[other]);
          notify();
        }
      },
      async return(): Promise<IteratorResult<string>> {
        closed[side] = true;
        queues[side].length = 0;
        notify();
        return { value: undefined, done: true };
      },
    }),
  });
  return [consumer(0), consumer(1)];
}
