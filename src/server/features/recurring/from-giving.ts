// What recurring takes from giving, through giving's public entry (decision 055): a gift and
// its payment. The use-case files import it from here, so the border is crossed in one place.
export {
  applyVerification,
  assertAssembly,
  createGift,
  newReference,
  requestMomo,
} from '../giving/index.ts';
