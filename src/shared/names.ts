import { m } from '../paraglide/messages.js';

// A person's name fields, as sign-up and the offering form both ask for them: in a module of
// their own so that the offering screen does not download the sign-up form's rules with them.

export const SIGN_UP_NAME_MAX = 60;
export type NameField = 'firstName' | 'lastName';
/** A name field's texts, in the language in force when called. */
export const signUpNameErrors = (field: NameField, max = SIGN_UP_NAME_MAX) =>
  field === 'firstName'
    ? {
        required: m.shared_sign_up_first_name_required(),
        tooLong: m.shared_sign_up_first_name_too_long({ max }),
      }
    : {
        required: m.shared_sign_up_last_name_required(),
        tooLong: m.shared_sign_up_last_name_too_long({ max }),
      };
