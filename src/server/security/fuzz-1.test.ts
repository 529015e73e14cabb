import { fuzzEndpoints } from './fuzz.ts';

// Bad input, half 1 of the endpoints (see fuzz.ts).
fuzzEndpoints(0, 2);
