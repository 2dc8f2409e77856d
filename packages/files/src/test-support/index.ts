/** Test support shared by the packages that write data files: a real writer, killed in the middle. */
export { runKilledMidWrite, type KilledMidWrite } from './run-killed-mid-write.js';
