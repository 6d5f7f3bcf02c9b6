/**
 * The navigation state the account's deletion sends to /goodbye: that page forgets the user once
 * it shows (web/scenes/account/GoodbyePage.tsx). Its own module, so the deletion page does not
 * load the goodbye page's code.
 */
export const FORGET_ON_ARRIVAL = "forgetDeletedAccount";
