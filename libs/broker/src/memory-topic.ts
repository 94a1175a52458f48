/** AMQP topic matching: words split on `.`, `*` is exactly one word, `#` is zero or more words. */
export function topicMatches(pattern: string, routingKey: string): boolean {
  return matchWords(pattern.split('.'), routingKey === '' ? [] : routingKey.split('.'));
}

function matchWords(pattern: string[], words: string[]): boolean {
  if (pattern.length === 0) return words.length === 0;
  const [head, ...rest] = pattern;
  if (head === '#') {
    for (let skip = 0; skip <= words.length; skip++) {
      if (matchWords(rest, words.slice(skip))) return true;
    }
    return false;
  }
  if (words.length === 0) return false;
  return (head === '*' || head === words[0]) && matchWords(rest, words.slice(1));
}

/** Queue → patterns bound on the events exchange; bindings outlive consumers, as for a durable queue. */
export class TopicBindings {
  private readonly byQueue = new Map<string, Set<string>>();

  bind(queue: string, patterns: string[]): void {
    const set = this.byQueue.get(queue) ?? new Set<string>();
    patterns.forEach((p) => set.add(p));
    this.byQueue.set(queue, set);
  }

  route(routingKey: string): string[] {
    return [...this.byQueue].filter(([, patterns]) => [...patterns].some((p) => topicMatches(p, routingKey))).map(([q]) => q);
  }
}
