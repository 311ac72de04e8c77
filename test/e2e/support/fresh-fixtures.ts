// Before every e2e file (a setup file runs before each): the served pages' state as each file
// expects to find it, whatever the file before it in this worker left (fixture-state.ts says why).
import { resetFixtureState } from './fixture-state';

resetFixtureState();
