Object.defineProperty(exports, '__esModule', { value: true });
exports.GOOGLE_AUTHORIZE_EXTRAS = exports.GOOGLE_SCOPES = void 0;
exports.googleProfile = googleProfile;
/** Identity, read-only Gmail and calendar events; offline access is asked for with `access_type=offline`. */
exports.GOOGLE_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/calendar.events',
];
/** Google-only authorize parameters: a refresh token on every consent, and incremental grants kept. */
exports.GOOGLE_AUTHORIZE_EXTRAS = {
  access_type: 'offline',
  prompt: 'consent',
  include_granted_scopes: 'true',
};
function googleProfile(claims) {
  if (typeof claims.email !== 'string' || claims.email_verified === false) return null;
  return {
    subject: String(claims.sub),
    email: claims.email.toLowerCase(),
    name: typeof claims.name === 'string' ? claims.name : claims.email,
    picture: typeof claims.picture === 'string' ? claims.picture : '',
  };
}
