Object.defineProperty(exports, '__esModule', { value: true });
exports.MICROSOFT_AUTHORIZE_EXTRAS = exports.MICROSOFT_SCOPES = void 0;
exports.microsoftProfile = microsoftProfile;
exports.MICROSOFT_SCOPES = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'Mail.Read',
  'Calendars.ReadWrite',
  'User.Read',
];
exports.MICROSOFT_AUTHORIZE_EXTRAS = { response_mode: 'query', prompt: 'select_account' };
function microsoftProfile(claims) {
  var _a;
  var email = [claims.email, claims.preferred_username].find((v) => typeof v === 'string' && v.includes('@'));
  if (!email) return null;
  return {
    // `oid` is the user's id across apps in the tenant; `sub` is per app. Either identifies the account here.
    subject: String((_a = claims.oid) !== null && _a !== void 0 ? _a : claims.sub),
    email: email.toLowerCase(),
    name: typeof claims.name === 'string' ? claims.name : email,
    picture: '',
  };
}
