import type { NeutralRequest } from '@bench/formats';
import type { CallContext } from './call-member';
import type { BenchSeat } from './panel-bench';
import type { PanelMember } from './panel-member';
import { runSeat } from './run-seat';

/**
 * Runs every seat in parallel; settles with their entries in seat order once the last has ended, each passed through
 * `ended` as it ends. What `Promise.all` over the seats would do, counted by hand: no reaction a seat on top of its
 * call's own (a panel of 3: three promises a request fewer). Rejects when `ended` throws.
 */
export function runSeats(
  context: CallContext,
  members: readonly PanelMember[],
  panel: string,
  request: NeutralRequest,
  ended: (seat: BenchSeat, index: number) => BenchSeat,
): Promise<BenchSeat[]> {
  return new Promise((resolve, reject) => {
    const seats: BenchSeat[] = new Array(members.length);
    let left = members.length;
    if (left === 0) resolve(seats);
    members.forEach((member, i) => {
      void runSeat(context, member, `${panel}.${i + 1}`, request, (seat) => {
        try {
          seats[i] = ended(seat, i);
        } catch (error) {
          reject(error);
          return seat;
        }
        left -= 1;
        if (left === 0) resolve(seats);
        return seat;
      });
    });
  });
}
