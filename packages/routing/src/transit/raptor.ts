import { reverseTimetable } from './reversed-timetable.js';
import { activeServices, SECONDS_PER_DAY } from './service-days.js';
import type { Timetable } from './timetable.js';
import { throwIfCancelled } from '../query/cancellation.js';

/** Rounds of riding: at most this many vehicles in one journey (the budget ends journeys long before on real feeds). */
export const MAX_RIDES = 8;

export interface RaptorQuery {
  /** The departure's local day (days since 1970-01-01) and seconds after its midnight, in the feed's time zone. */
  day: number;
  departure: number;
  /** The latest arrival that counts, in the same seconds (departure + the budget). */
  limit: number;
  /** Stops reached on foot from the start, and the seconds walked to each. */
  accessStops: ArrayLike<number>;
  accessSeconds: ArrayLike<number>;
}

export interface LatestDepartureQuery {
  /** The arrival's local day (days since 1970-01-01) and seconds after its midnight, in the feed's time zone. */
  day: number;
  arrival: number;
  /** The earliest departure that counts, in the same seconds (arrival − the budget). */
  earliest: number;
  /** Stops from which one walks to the point of arrival, and the seconds walked from each. */
  egressStops: ArrayLike<number>;
  egressSeconds: ArrayLike<number>;
}

/** The service days searched, as offsets from the query's day, in the order of SHIFTS. */
const FORWARD_DAYS = [-1, 0, 1];
/** Backwards in time (negated times), a trip of the day after lies a day earlier: the same shifts, the days swapped. */
const BACKWARD_DAYS = [1, 0, -1];
const SHIFTS = [-SECONDS_PER_DAY, 0, SECONDS_PER_DAY];

/**
 * Scratch memory of RAPTOR searches on one timetable, reused between queries (one per thread).
 * Labels are seconds after the departure day's midnight; Infinity where not reached.
 */
export class RaptorWorkspace {
  readonly earliest: Float64Array;
  private readonly previous: Float64Array;
  private readonly marked: Uint8Array;
  private readonly markedList: Uint32Array;
  private readonly patternFrom: Int32Array;
  private readonly queued: Uint32Array;
  private activeFor: { day: number; flags: Uint8Array[] } | null = null;
  /** The search on the reversed timetable, for latest departures: made on the first one asked. */
  private backward: { workspace: RaptorWorkspace; latest: Float64Array } | null = null;

  constructor(private readonly timetable: Timetable, private readonly serviceDays: readonly number[] = FORWARD_DAYS) {
    const stops = timetable.header.stopCount;
    this.earliest = new Float64Array(stops);
    this.previous = new Float64Array(stops);
    this.marked = new Uint8Array(stops);
    this.markedList = new Uint32Array(stops);
    this.patternFrom = new Int32Array(timetable.header.patternCount).fill(-1);
    this.queued = new Uint32Array(timetable.header.patternCount);
  }

  /** Services running the day before, on and after the departure's day (a trip of yesterday's service runs past midnight; a 3-hour budget past tonight's). */
  private servicesAround(day: number): Uint8Array[] {
    if (this.activeFor?.day !== day) {
      this.activeFor = { day, flags: this.serviceDays.map((offset) => activeServices(this.timetable, day + offset)) };
    }
    return this.activeFor.flags;
  }

  /**
   * Earliest arrival at every stop (RAPTOR, Delling et al. 2012): round k rides k vehicles. Each
   * round scans the patterns serving the stops improved in the round before, from the first such
   * stop on, boarding the first trip running that day that leaves after the previous round's
   * arrival there; then foot transfers from the stops where riding arrived sooner than in any
   * round before (even where a walk arrived sooner still). Arrivals after `limit` are
   * dropped. Returns the labels (a view: valid until the next search).
   */
  search(query: RaptorQuery): Float64Array {
    const tt = this.timetable;
    const { earliest, previous, marked, markedList, patternFrom, queued } = this;
    const { limit } = query;
    earliest.fill(Infinity);
    previous.fill(Infinity);
    marked.fill(0);
    let markedCount = 0;
    const mark = (stop: number) => {
      if (marked[stop]) return;
      marked[stop] = 1;
      markedList[markedCount++] = stop;
    };
    for (let i = 0; i < query.accessStops.length; i++) {
      const stop = query.accessStops[i]!;
      const time = query.departure + query.accessSeconds[i]!;
      if (time > limit || time >= earliest[stop]!) continue;
      earliest[stop] = time;
      previous[stop] = time;
      mark(stop);
    }
    const services = this.servicesAround(query.day);
    const shifts = SHIFTS;
    const improved = new Uint32Array(tt.header.stopCount);
    const improvedThisRound = new Uint8Array(tt.header.stopCount);
    // The earliest arrival by riding, over all rounds: transfers walk on from these, never from
    // another walk. Kept apart from `earliest`: a stop reached sooner on foot may still be the
    // place to change at when a vehicle gets there, since a second walk cannot follow the first.
    const ridden = new Float64Array(tt.header.stopCount).fill(Infinity);

    for (let round = 0; round < MAX_RIDES && markedCount > 0; round++) {
      throwIfCancelled();
      // Patterns to scan, each from the first marked stop it serves.
      let queuedCount = 0;
      for (let m = 0; m < markedCount; m++) {
        const stop = markedList[m]!;
        marked[stop] = 0;
        for (let k = tt.stopPatternOffsets[stop]!, end = tt.stopPatternOffsets[stop + 1]!; k < end; k++) {
          const pattern = tt.stopPatterns[k]!;
          const position = tt.stopPatternPositions[k]!;
          if (patternFrom[pattern] === -1) {
            queued[queuedCount++] = pattern;
            patternFrom[pattern] = position;
          } else if (position < patternFrom[pattern]!) {
            patternFrom[pattern] = position;
          }
        }
      }
      markedCount = 0;
      let improvedCount = 0;
      const improve = (stop: number, time: number) => {
        ridden[stop] = time;
        if (!improvedThisRound[stop]) {
          improvedThisRound[stop] = 1;
          improved[improvedCount++] = stop;
        }
        if (time < earliest[stop]!) {
          earliest[stop] = time;
          mark(stop);
        }
      };

      for (let q = 0; q < queuedCount; q++) {
        const pattern = queued[q]!;
        const from = patternFrom[pattern]!;
        patternFrom[pattern] = -1;
        const stopsAt = tt.patternStopOffsets[pattern]!;
        const length = tt.patternStopOffsets[pattern + 1]! - stopsAt;
        const firstTrip = tt.patternTripOffsets[pattern]!;
        const tripCount = tt.patternTripOffsets[pattern + 1]! - firstTrip;
        const timesAt = tt.patternTimeOffsets[pattern]!;
        let trip = -1; // within the pattern
        let shift = 0;
        for (let i = from; i < length; i++) {
          const stop = tt.patternStops[stopsAt + i]!;
          if (trip >= 0) {
            const arrival = tt.arrivals[timesAt + trip * length + i]! + shift;
            if (arrival <= limit && arrival < ridden[stop]!) improve(stop, arrival);
          }
          const ready = previous[stop]!;
          if (ready === Infinity) continue;
          let riding = trip >= 0 ? tt.departures[timesAt + trip * length + i]! + shift : Infinity;
          if (ready > riding) continue;
          // The first trip leaving here at or after `ready`, on any of the three service days.
          for (let d = 0; d < 3; d++) {
            const target = ready - shifts[d]!;
            let lo = 0;
            let hi = tripCount;
            while (lo < hi) {
              const mid = (lo + hi) >>> 1;
              if (tt.departures[timesAt + mid * length + i]! < target) lo = mid + 1;
              else hi = mid;
            }
            const active = services[d]!;
            for (let k = lo; k < tripCount; k++) {
              const departure = tt.departures[timesAt + k * length + i]! + shifts[d]!;
              if (departure >= riding || departure > limit) break;
              if (!active[tt.tripServices[firstTrip + k]!]) continue;
              trip = k;
              shift = shifts[d]!;
              riding = departure;
              break;
            }
          }
        }
      }

      // Foot transfers from the stops reached by riding in this round.
      for (let m = 0; m < improvedCount; m++) {
        const stop = improved[m]!;
        improvedThisRound[stop] = 0;
        const arrival = ridden[stop]!;
        for (let k = tt.transferOffsets[stop]!, end = tt.transferOffsets[stop + 1]!; k < end; k++) {
          const target = tt.transferTargets[k]!;
          const time = arrival + tt.transferSeconds[k]!;
          if (time <= limit && time < earliest[target]!) {
            earliest[target] = time;
            mark(target);
          }
        }
      }
      // The next round boards where this one arrived.
      for (let m = 0; m < markedCount; m++) {
        const stop = markedList[m]!;
        previous[stop] = earliest[stop]!;
      }
    }
    return earliest;
  }

  /**
   * Latest departure from every stop that still reaches the point of arrival in time: the same
   * search run backwards in time, on the reversed timetable (`reverseTimetable`) from minus the
   * arrival. Round k rides k vehicles, boarding the latest trip that reaches the next leg in time;
   * foot transfers lead to the stops where a ride was boarded; departures before `earliest` are
   * dropped; trips of the day before, the day and the day after, as forwards. Returns seconds
   * after the arrival day's midnight, −Infinity where the point is not reached (a view: valid
   * until the next search).
   */
  latestDepartures(query: LatestDepartureQuery): Float64Array {
    this.backward ??= {
      workspace: new RaptorWorkspace(reverseTimetable(this.timetable), BACKWARD_DAYS),
      latest: new Float64Array(this.timetable.header.stopCount),
    };
    const { workspace, latest } = this.backward;
    const negated = workspace.search({
      day: query.day, departure: -query.arrival, limit: -query.earliest, accessStops: query.egressStops, accessSeconds: query.egressSeconds,
    });
    // 0 − x rather than −x: a departure at midnight is 0, not −0.
    for (let s = 0; s < latest.length; s++) latest[s] = 0 - negated[s]!;
    return latest;
  }
}
