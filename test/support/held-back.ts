/**
 * The answers of `send()`, repeated until one is a 429 (at most `most` times). For counts in
 * windows that follow the real clock: should a window end midway, its count starts again and
 * the 429 comes later, never sooner, so a test asks for at least so many refusals before it,
 * and no test has to wait until a window is far from its end.
 */
export async function answersUntilHeldBack<T extends { status: number }>(send: () => Promise<T>, most = 100): Promise<T[]> {
  const answers: T[] = [];
  while (answers.length < most && answers.at(-1)?.status !== 429) answers.push(await send());
  return answers;
}
