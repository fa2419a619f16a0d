/** A name or description that may be long, cut to fit its column (`lines`: to two lines), whole on hover. */
export function Cut({ text, lines = false }: { text: string; lines?: boolean }) {
  return (
    <span className={lines ? "cut-lines report-cut-wide" : "cut report-cut"} title={text || undefined}>
      {text}
    </span>
  );
}
