import { fuzzEndpoints } from './fuzz.ts';

// Bad input, half 2 of the endpoints (see fuzz.ts).
fuzzEndpoints(1, 2);
