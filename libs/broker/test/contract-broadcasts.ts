import type { Envelope } from '@mailplane/contracts';
import { envelope, unique, waitFor, type ContractContext } from './helpers';

/** Broadcasts: every listener of every process hears each one; a listener that stopped hears nothing more. */
export function broadcastContract(ctx: ContractContext): void {
  describe('broadcasts', () => {
    it('when a notice is broadcast, then every live listener hears it once, and one that stopped listening does not', async () => {
      const heard: Record<string, Envelope[]> = { a: [], b: [], gone: [] };
      const gaps: string[] = [];
      const listeners = await Promise.all(
        Object.keys(heard).map((name) =>
          ctx.broker.listen(
            (message) => heard[name].push(message),
            () => gaps.push(name),
          ),
        ),
      );
      expect(listeners.map((l) => l.live())).toEqual([true, true, true]);
      await listeners[2].cancel();
      expect(listeners[2].live()).toBe(false);
      const type = unique('cache.forget');
      const notices = [envelope(type, { key: 'k1' }), envelope(type, { key: 'k2' })];
      for (const notice of notices) await ctx.broker.broadcast(notice);
      const ours = (name: string) => heard[name].filter((m) => m.type === type);
      await waitFor(() => ours('a').length === 2 && ours('b').length === 2, 'both notices at both listeners');
      expect(ours('a')).toEqual(notices);
      expect(ours('b')).toEqual(notices);
      expect(ours('gone')).toEqual([]);
      await Promise.all(listeners.slice(0, 2).map((l) => l.cancel()));
    });
  });
}
