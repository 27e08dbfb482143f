Object.defineProperty(exports, '__esModule', { value: true });
exports.realEndpoints = realEndpoints;
exports.needsSandbox = needsSandbox;
/** The real Google and Microsoft endpoints for whichever providers have credentials configured. */
function realEndpoints(config) {
  var tenant = config.MICROSOFT_TENANT;
  return {
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
            authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
            tokenUrl: 'https://oauth2.googleapis.com/token',
            jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
            issuer: 'https://accounts.google.com',
            gmailBase: 'https://gmail.googleapis.com',
            calendarBase: 'https://www.googleapis.com',
          }
        : null,
    microsoft:
      config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET
        ? {
            clientId: config.MICROSOFT_CLIENT_ID,
            clientSecret: config.MICROSOFT_CLIENT_SECRET,
            authorizeUrl: 'https://login.microsoftonline.com/'.concat(tenant, '/oauth2/v2.0/authorize'),
            tokenUrl: 'https://login.microsoftonline.com/'.concat(tenant, '/oauth2/v2.0/token'),
            jwksUri: 'https://login.microsoftonline.com/'.concat(tenant, '/discovery/v2.0/keys'),
            // Multi-tenant apps see the signing-in user's own tenant in `iss`.
            issuer: 'https://login.microsoftonline.com/{tenantid}/v2.0',
            graphBase: 'https://graph.microsoft.com',
          }
        : null,
    sandboxUrl: null,
  };
}
/** True when neither provider has credentials: the local sandbox signs people in. */
function needsSandbox(config) {
  return !config.GOOGLE_CLIENT_ID && !config.MICROSOFT_CLIENT_ID;
}
