// The public entry of profile: what other features may import of it (decision 055), the member's
// language (accounts, USSD).
export { keepChosenLanguage, languageAtSignIn, setLanguage } from './language.ts';
