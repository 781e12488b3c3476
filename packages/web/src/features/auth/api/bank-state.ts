/** sessionStorage key of the running bank login's `state`, checked on /login/callback. */
export const BANK_STATE_KEY = 'bankLoginState';
