var __awaiter =
  (this && this.__awaiter) ||
  ((thisArg, _arguments, P, generator) => {
    function adopt(value) {
      return value instanceof P
        ? value
        : new P((resolve) => {
            resolve(value);
          });
    }
    return new (P || (P = Promise))((resolve, reject) => {
      function fulfilled(value) {
        try {
          step(generator.next(value));
        } catch (e) {
          reject(e);
        }
      }
      function rejected(value) {
        try {
          step(generator['throw'](value));
        } catch (e) {
          reject(e);
        }
      }
      function step(result) {
        result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected);
      }
      step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
  });
var __generator =
  (this && this.__generator) ||
  ((thisArg, body) => {
    var _ = {
        label: 0,
        sent: () => {
          if (t[0] & 1) throw t[1];
          return t[1];
        },
        trys: [],
        ops: [],
      },
      f,
      y,
      t,
      g = Object.create((typeof Iterator === 'function' ? Iterator : Object).prototype);
    return (
      (g.next = verb(0)),
      (g['throw'] = verb(1)),
      (g['return'] = verb(2)),
      typeof Symbol === 'function' &&
        (g[Symbol.iterator] = function () {
          return this;
        }),
      g
    );
    function verb(n) {
      return (v) => step([n, v]);
    }
    function step(op) {
      if (f) throw new TypeError('Generator is already executing.');
      while ((g && ((g = 0), op[0] && (_ = 0)), _))
        try {
          if (
            ((f = 1),
            y &&
              (t =
                op[0] & 2
                  ? y['return']
                  : op[0]
                    ? y['throw'] || ((t = y['return']) && t.call(y), 0)
                    : y.next) &&
              !(t = t.call(y, op[1])).done)
          )
            return t;
          if (((y = 0), t)) op = [op[0] & 2, t.value];
          switch (op[0]) {
            case 0:
            case 1:
              t = op;
              break;
            case 4:
              _.label++;
              return { value: op[1], done: false };
            case 5:
              _.label++;
              y = op[1];
              op = [0];
              continue;
            case 7:
              op = _.ops.pop();
              _.trys.pop();
              continue;
            default:
              if (!((t = _.trys), (t = t.length > 0 && t[t.length - 1])) && (op[0] === 6 || op[0] === 2)) {
                _ = 0;
                continue;
              }
              if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) {
                _.label = op[1];
                break;
              }
              if (op[0] === 6 && _.label < t[1]) {
                _.label = t[1];
                t = op;
                break;
              }
              if (t && _.label < t[2]) {
                _.label = t[2];
                _.ops.push(op);
                break;
              }
              if (t[2]) _.ops.pop();
              _.trys.pop();
              continue;
          }
          op = body.call(thisArg, _);
        } catch (e) {
          op = [6, e];
          y = 0;
        } finally {
          f = t = 0;
        }
      if (op[0] & 5) throw op[1];
      return { value: op[0] ? op[1] : void 0, done: true };
    }
  });
Object.defineProperty(exports, '__esModule', { value: true });
exports.chooseAccount = chooseAccount;
exports.startSignIn = startSignIn;
exports.signInThroughSandbox = signInThroughSandbox;
var node_html_parser_1 = require('node-html-parser');
var LOGIN = { google: '/google-auth/google/login', microsoft: '/microsoft-auth/login/' };
/** Presses the account's button on the sandbox's sign-in page, as a person would; answers the redirect. */
function chooseAccount(authorizeUrl, email) {
  return __awaiter(this, void 0, void 0, function () {
    var page,
      _a,
      _b,
      _c,
      html,
      _d,
      button,
      form,
      fields,
      _i,
      _e,
      input,
      name_1,
      name,
      method,
      action,
      res,
      _f,
      location;
    var _g, _h, _j, _k;
    return __generator(this, (_l) => {
      switch (_l.label) {
        case 0:
          return [4 /*yield*/, fetch(authorizeUrl)];
        case 1:
          page = _l.sent();
          if (page.ok) return [3 /*break*/, 3];
          _a = Error.bind;
          _c = (_b = 'authorize page answered '.concat(page.status, ': ')).concat;
          return [4 /*yield*/, page.text()];
        case 2:
          throw new (_a.apply(Error, [void 0, _c.apply(_b, [_l.sent()])]))();
        case 3:
          _d = node_html_parser_1.parse;
          return [4 /*yield*/, page.text()];
        case 4:
          html = _d.apply(void 0, [_l.sent()]);
          button = html
            .querySelectorAll('button, a')
            .find((el) => el.textContent.trim().includes(email) || el.getAttribute('aria-label') === email);
          if (!button) throw new Error('no button for '.concat(email, ' on the sandbox sign-in page'));
          if (button.tagName === 'A')
            return [2 /*return*/, new URL(button.getAttribute('href'), authorizeUrl)];
          form = button.parentNode;
          while (form && form.tagName !== 'FORM') form = form.parentNode;
          if (!form) throw new Error('the account button is not in a form');
          fields = new URLSearchParams();
          for (_i = 0, _e = form.querySelectorAll('input'); _i < _e.length; _i++) {
            input = _e[_i];
            name_1 = input.getAttribute('name');
            if (name_1 && input.getAttribute('type') !== 'submit')
              fields.append(name_1, (_g = input.getAttribute('value')) !== null && _g !== void 0 ? _g : '');
          }
          name = button.getAttribute('name');
          if (name)
            fields.append(name, (_h = button.getAttribute('value')) !== null && _h !== void 0 ? _h : '');
          method = ((_j = form.getAttribute('method')) !== null && _j !== void 0 ? _j : 'GET').toUpperCase();
          action = new URL(
            (_k = form.getAttribute('action')) !== null && _k !== void 0 ? _k : authorizeUrl,
            authorizeUrl,
          );
          if (!(method === 'POST')) return [3 /*break*/, 6];
          return [4 /*yield*/, fetch(action, { method: 'POST', body: fields, redirect: 'manual' })];
        case 5:
          _f = _l.sent();
          return [3 /*break*/, 8];
        case 6:
          return [
            4 /*yield*/,
            fetch(''.concat(action.origin).concat(action.pathname, '?').concat(fields), {
              redirect: 'manual',
            }),
          ];
        case 7:
          _f = _l.sent();
          _l.label = 8;
        case 8:
          res = _f;
          location = res.headers.get('location');
          if (res.status < 300 || res.status >= 400 || !location)
            throw new Error('sandbox answered '.concat(res.status, ' instead of a redirect'));
          return [2 /*return*/, new URL(location, action)];
      }
    });
  });
}
/** Starts a sign-in on the app: answers the provider URL the app sent the browser to and its state cookie. */
function startSignIn(t, provider, mode) {
  return __awaiter(this, void 0, void 0, function () {
    var res, setCookie, cookie;
    var _a, _b;
    return __generator(this, (_c) => {
      switch (_c.label) {
        case 0:
          return [
            4 /*yield*/,
            t.app.inject({
              method: 'GET',
              url: ''.concat(LOGIN[provider]).concat(mode ? '?mode='.concat(mode) : ''),
            }),
          ];
        case 1:
          res = _c.sent();
          if (res.statusCode !== 302) throw new Error('login answered '.concat(res.statusCode));
          setCookie = [res.headers['set-cookie']].flat().join('; ');
          cookie =
            (_b = (_a = /wl_signin=[^;]+/.exec(setCookie)) === null || _a === void 0 ? void 0 : _a[0]) !==
              null && _b !== void 0
              ? _b
              : '';
          return [2 /*return*/, { authorizeUrl: res.headers.location, cookie: cookie }];
      }
    });
  });
}
/** The whole browser-free sign-in: login route, sandbox account page, callback; answers the app's tokens. */
function signInThroughSandbox(t, provider, email) {
  return __awaiter(this, void 0, void 0, function () {
    var _a, authorizeUrl, cookie, back, callback, success, params;
    return __generator(this, (_b) => {
      switch (_b.label) {
        case 0:
          return [4 /*yield*/, startSignIn(t, provider)];
        case 1:
          (_a = _b.sent()), (authorizeUrl = _a.authorizeUrl), (cookie = _a.cookie);
          return [4 /*yield*/, chooseAccount(authorizeUrl, email)];
        case 2:
          back = _b.sent();
          return [
            4 /*yield*/,
            t.app.inject({
              method: 'GET',
              url: ''.concat(back.pathname).concat(back.search),
              headers: { cookie: cookie },
            }),
          ];
        case 3:
          callback = _b.sent();
          if (callback.statusCode !== 302)
            throw new Error('callback answered '.concat(callback.statusCode, ': ').concat(callback.body));
          success = new URL(callback.headers.location);
          params = Object.fromEntries(success.searchParams);
          return [2 /*return*/, params];
      }
    });
  });
}
