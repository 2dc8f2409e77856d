import type { Timetable } from './timetable.js';

/**
 * The timetable with time running backwards, for latest-departure searches: every time negated,
 * every pattern's stops in the opposite order (a trip's last stop first), its trips in the
 * opposite order, arrivals and departures swapped, and every foot transfer turned round. An
 * earliest-arrival search on it, from minus the arrival time, gives minus the latest departure
 * from every stop: the same RAPTOR answers both questions.
 *
 * Within a pattern trips never overtake each other (ordered by arrival and by departure at every
 * stop), so once reversed they are ordered again, by their negated arrivals, at every stop. The
 * services, stops and links are the timetable's own arrays; the times, pattern stops, trip
 * services and transfers are copies (about twice the size of the times).
 */
export function reverseTimetable(timetable: Timetable): Timetable {
  const {
    patternStopOffsets, patternTripOffsets, patternTimeOffsets, patternStops, arrivals, departures, tripServices,
    stopPatterns, stopPatternPositions,
  } = timetable;
  const patternCount = timetable.header.patternCount;
  const reversedStops = new Uint32Array(patternStops.length);
  const reversedArrivals = new Int32Array(arrivals.length);
  const reversedDepartures = new Int32Array(departures.length);
  const reversedServices = new Uint32Array(tripServices.length);
  for (let p = 0; p < patternCount; p++) {
    const stopsAt = patternStopOffsets[p]!;
    const length = patternStopOffsets[p + 1]! - stopsAt;
    const firstTrip = patternTripOffsets[p]!;
    const tripCount = patternTripOffsets[p + 1]! - firstTrip;
    const timesAt = patternTimeOffsets[p]!;
    for (let i = 0; i < length; i++) reversedStops[stopsAt + i] = patternStops[stopsAt + length - 1 - i]!;
    for (let k = 0; k < tripCount; k++) {
      const original = tripCount - 1 - k;
      reversedServices[firstTrip + k] = tripServices[firstTrip + original]!;
      for (let i = 0; i < length; i++) {
        const from = timesAt + original * length + (length - 1 - i);
        // Leaving a stop backwards in time is arriving there forwards, and the other way round.
        reversedArrivals[timesAt + k * length + i] = -departures[from]!;
        reversedDepartures[timesAt + k * length + i] = -arrivals[from]!;
      }
    }
  }
  const reversedPositions = new Uint32Array(stopPatternPositions.length);
  for (let k = 0; k < stopPatterns.length; k++) {
    const p = stopPatterns[k]!;
    const length = patternStopOffsets[p + 1]! - patternStopOffsets[p]!;
    reversedPositions[k] = length - 1 - stopPatternPositions[k]!;
  }
  return {
    ...timetable,
    patternStops: reversedStops,
    arrivals: reversedArrivals,
    departures: reversedDepartures,
    tripServices: reversedServices,
    stopPatternPositions: reversedPositions,
    ...transposedTransfers(timetable),
  };
}

/** The foot transfers turned round (a walk from a to b becomes one from b to a, same seconds), in CSR by origin. */
function transposedTransfers({ header, transferOffsets, transferTargets, transferSeconds }: Timetable):
  Pick<Timetable, 'transferOffsets' | 'transferTargets' | 'transferSeconds'> {
  const stopCount = header.stopCount;
  const offsets = new Uint32Array(stopCount + 1);
  for (let k = 0; k < transferTargets.length; k++) offsets[transferTargets[k]! + 1]!++;
  for (let s = 0; s < stopCount; s++) offsets[s + 1]! += offsets[s]!;
  const next = offsets.slice(0, stopCount);
  const targets = new Uint32Array(transferTargets.length);
  const seconds = new Float32Array(transferSeconds.length);
  for (let from = 0; from < stopCount; from++) {
    for (let k = transferOffsets[from]!, end = transferOffsets[from + 1]!; k < end; k++) {
      const at = next[transferTargets[k]!]!++;
      targets[at] = from;
      seconds[at] = transferSeconds[k]!;
    }
  }
  return { transferOffsets: offsets, transferTargets: targets, transferSeconds: seconds };
}
