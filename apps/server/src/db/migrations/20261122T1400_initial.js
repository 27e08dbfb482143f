var __makeTemplateObject =
  (this && this.__makeTemplateObject) ||
  ((cooked, raw) => {
    if (Object.defineProperty) {
      Object.defineProperty(cooked, 'raw', { value: raw });
    } else {
      cooked.raw = raw;
    }
    return cooked;
  });
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
exports.up = up;
var kysely_1 = require('kysely');
// Frozen in time: written against Kysely<any>, never edited once committed.
function up(db, dialect) {
  return __awaiter(this, void 0, void 0, function () {
    var serial, id, now;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          serial = dialect === 'postgres' ? 'serial' : 'integer';
          id = (b) => (dialect === 'postgres' ? b.primaryKey() : b.primaryKey().autoIncrement());
          now = (0, kysely_1.sql)(
            templateObject_1 ||
              (templateObject_1 = __makeTemplateObject(['CURRENT_TIMESTAMP'], ['CURRENT_TIMESTAMP'])),
          );
          return [
            4 /*yield*/,
            db.schema
              .createTable('users')
              .addColumn('id', 'text', (c) => c.primaryKey())
              .addColumn('email', 'text', (c) => c.notNull().unique())
              .addColumn('name', 'text', (c) => c.notNull())
              .addColumn('picture_url', 'text')
              .addColumn('provider', 'text', (c) => c.notNull())
              .addColumn('default_currency', 'text', (c) => c.notNull().defaultTo('USD'))
              .addColumn('warranty_reminder_days', 'integer', (c) => c.defaultTo(30))
              .addColumn('data_version', 'bigint', (c) => c.notNull().defaultTo(1))
              .addColumn('feed_secret', 'text', (c) => c.unique())
              .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
              .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
              .execute(),
          ];
        case 1:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema
              .createTable('provider_accounts')
              .addColumn('id', serial, id)
              .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
              .addColumn('provider', 'text', (c) => c.notNull())
              .addColumn('subject', 'text', (c) => c.notNull())
              .addColumn('access_token_enc', 'text')
              .addColumn('refresh_token_enc', 'text')
              .addColumn('expires_at', 'text')
              .addColumn('scopes', 'text')
              .addColumn('sync_cursor', 'text')
              .addColumn('needs_reauth', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
              .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
              .addUniqueConstraint('provider_accounts_provider_subject', ['provider', 'subject'])
              .execute(),
          ];
        case 2:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema
              .createIndex('provider_accounts_user')
              .on('provider_accounts')
              .column('user_id')
              .execute(),
          ];
        case 3:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema
              .createTable('refresh_tokens')
              .addColumn('id', serial, id)
              .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
              .addColumn('family_id', 'text', (c) => c.notNull())
              .addColumn('token_hash', 'text', (c) => c.notNull().unique())
              .addColumn('expires_at', 'text', (c) => c.notNull())
              .addColumn('used_at', 'text')
              .addColumn('revoked_at', 'text')
              .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
              .execute(),
          ];
        case 4:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute(),
          ];
        case 5:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema
              .createTable('orders')
              .addColumn('id', serial, id)
              .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
              .addColumn('order_id', 'text', (c) => c.notNull())
              .addColumn('product_name', 'text', (c) => c.notNull())
              .addColumn('shop_name', 'text')
              .addColumn('purchase_date', 'text')
              .addColumn('price', 'text')
              .addColumn('amount_minor', 'bigint')
              .addColumn('currency', 'text')
              .addColumn('has_currency', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('warranty_expire_date', 'text')
              .addColumn('warranty_estimated', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('category', 'text')
              .addColumn('status', 'text', (c) => c.notNull())
              .addColumn('source', 'text', (c) => c.notNull())
              .addColumn('source_ref', 'text')
              .addColumn('line_no', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('parent_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
              .addColumn('replace_every_days', 'integer')
              .addColumn('store_link', 'text')
              .addColumn('order_total', 'text')
              .addColumn('order_currency', 'text')
              .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
              .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
              .execute(),
          ];
        case 6:
          _a.sent();
          // The list, the totals and order look-ups are all per user: each index leads with user_id.
          return [
            4 /*yield*/,
            db.schema
              .createIndex('orders_user_date')
              .on('orders')
              .columns(['user_id', 'purchase_date', 'id'])
              .execute(),
          ];
        case 7:
          // The list, the totals and order look-ups are all per user: each index leads with user_id.
          _a.sent();
          return [
            4 /*yield*/,
            db.schema
              .createIndex('orders_user_order')
              .on('orders')
              .columns(['user_id', 'order_id'])
              .execute(),
          ];
        case 8:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema
              .createIndex('orders_user_warranty')
              .on('orders')
              .columns(['user_id', 'warranty_expire_date'])
              .execute(),
          ];
        case 9:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema.createIndex('orders_parent').on('orders').column('parent_id').execute(),
          ];
        case 10:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema
              .createIndex('orders_user_source_ref')
              .on('orders')
              .columns(['user_id', 'source', 'source_ref', 'line_no'])
              .unique()
              .where(kysely_1.sql.ref('source_ref'), 'is not', null)
              .execute(),
          ];
        case 11:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema
              .createTable('documents')
              .addColumn('id', serial, id)
              .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
              .addColumn('order_id', 'text', (c) => c.notNull())
              .addColumn('filename', 'text', (c) => c.notNull())
              .addColumn('mime', 'text', (c) => c.notNull())
              .addColumn('size', 'integer', (c) => c.notNull())
              .addColumn('sha256', 'text', (c) => c.notNull())
              .addColumn('storage_key', 'text', (c) => c.notNull().unique())
              .addColumn('extraction_status', 'text', (c) => c.notNull())
              .addColumn('extracted_json', 'text')
              .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
              .addUniqueConstraint('documents_user_order', ['user_id', 'order_id'])
              .execute(),
          ];
        case 12:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema
              .createTable('reminders')
              .addColumn('id', serial, id)
              .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
              .addColumn('provider', 'text', (c) => c.notNull())
              .addColumn('external_id', 'text')
              .addColumn('kind', 'text', (c) => c.notNull())
              .addColumn('order_row_id', 'integer')
              .addColumn('title', 'text', (c) => c.notNull())
              .addColumn('event_date', 'text', (c) => c.notNull())
              .addColumn('rrule', 'text')
              .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
              .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
              .execute(),
          ];
        case 13:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema.createIndex('reminders_user').on('reminders').columns(['user_id', 'kind']).execute(),
          ];
        case 14:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema
              .createTable('interactions')
              .addColumn('id', serial, id)
              .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
              .addColumn('tab_name', 'text', (c) => c.notNull())
              .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
              .execute(),
          ];
        case 15:
          _a.sent();
          return [
            4 /*yield*/,
            db.schema
              .createIndex('interactions_user')
              .on('interactions')
              .columns(['user_id', 'created_at'])
              .execute(),
          ];
        case 16:
          _a.sent();
          return [2 /*return*/];
      }
    });
  });
}
var templateObject_1;
