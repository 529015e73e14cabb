// What other features use of giving (docs/architecture.md "Web"): re-exports only.
export { ChoiceField } from './ChoiceField.tsx';
export {
  AmountField,
  GiftDetailsFields,
  giftFields,
  MomoFields,
  useProfilePrefill,
} from './gift-fields.tsx';
