import type { Resource } from 'i18next';
import enUS_application from './en-US/application.json' with { type: 'json' };
import enUS_auth from './en-US/auth.json' with { type: 'json' };
import enUS_common from './en-US/common.json' with { type: 'json' };
import enUS_complaints from './en-US/complaints.json' with { type: 'json' };
import enUS_coupons from './en-US/coupons.json' with { type: 'json' };
import enUS_documents from './en-US/documents.json' with { type: 'json' };
import enUS_easyReloan from './en-US/easyReloan.json' with { type: 'json' };
import enUS_errors from './en-US/errors.json' with { type: 'json' };
import enUS_home from './en-US/home.json' with { type: 'json' };
import enUS_info from './en-US/info.json' with { type: 'json' };
import enUS_install from './en-US/install.json' with { type: 'json' };
import enUS_labels from './en-US/labels.json' with { type: 'json' };
import enUS_lending from './en-US/lending.json' with { type: 'json' };
import enUS_messages from './en-US/messages.json' with { type: 'json' };
import enUS_notifications from './en-US/notifications.json' with { type: 'json' };
import enUS_photos from './en-US/photos.json' with { type: 'json' };
import enUS_privacy from './en-US/privacy.json' with { type: 'json' };
import enUS_profile from './en-US/profile.json' with { type: 'json' };
import enUS_routes from './en-US/routes.json' with { type: 'json' };
import enUS_servicing from './en-US/servicing.json' with { type: 'json' };
import enUS_sms from './en-US/sms.json' with { type: 'json' };
import enUS_tutorial from './en-US/tutorial.json' with { type: 'json' };
import fil_application from './fil/application.json' with { type: 'json' };
import fil_auth from './fil/auth.json' with { type: 'json' };
import fil_common from './fil/common.json' with { type: 'json' };
import fil_complaints from './fil/complaints.json' with { type: 'json' };
import fil_coupons from './fil/coupons.json' with { type: 'json' };
import fil_documents from './fil/documents.json' with { type: 'json' };
import fil_easyReloan from './fil/easyReloan.json' with { type: 'json' };
import fil_errors from './fil/errors.json' with { type: 'json' };
import fil_home from './fil/home.json' with { type: 'json' };
import fil_info from './fil/info.json' with { type: 'json' };
import fil_install from './fil/install.json' with { type: 'json' };
import fil_labels from './fil/labels.json' with { type: 'json' };
import fil_lending from './fil/lending.json' with { type: 'json' };
import fil_messages from './fil/messages.json' with { type: 'json' };
import fil_notifications from './fil/notifications.json' with { type: 'json' };
import fil_photos from './fil/photos.json' with { type: 'json' };
import fil_privacy from './fil/privacy.json' with { type: 'json' };
import fil_profile from './fil/profile.json' with { type: 'json' };
import fil_routes from './fil/routes.json' with { type: 'json' };
import fil_servicing from './fil/servicing.json' with { type: 'json' };
import fil_sms from './fil/sms.json' with { type: 'json' };
import fil_tutorial from './fil/tutorial.json' with { type: 'json' };
import zhCN_application from './zh-CN/application.json' with { type: 'json' };
import zhCN_auth from './zh-CN/auth.json' with { type: 'json' };
import zhCN_common from './zh-CN/common.json' with { type: 'json' };
import zhCN_complaints from './zh-CN/complaints.json' with { type: 'json' };
import zhCN_coupons from './zh-CN/coupons.json' with { type: 'json' };
import zhCN_documents from './zh-CN/documents.json' with { type: 'json' };
import zhCN_easyReloan from './zh-CN/easyReloan.json' with { type: 'json' };
import zhCN_errors from './zh-CN/errors.json' with { type: 'json' };
import zhCN_home from './zh-CN/home.json' with { type: 'json' };
import zhCN_info from './zh-CN/info.json' with { type: 'json' };
import zhCN_install from './zh-CN/install.json' with { type: 'json' };
import zhCN_labels from './zh-CN/labels.json' with { type: 'json' };
import zhCN_lending from './zh-CN/lending.json' with { type: 'json' };
import zhCN_messages from './zh-CN/messages.json' with { type: 'json' };
import zhCN_notifications from './zh-CN/notifications.json' with { type: 'json' };
import zhCN_photos from './zh-CN/photos.json' with { type: 'json' };
import zhCN_privacy from './zh-CN/privacy.json' with { type: 'json' };
import zhCN_profile from './zh-CN/profile.json' with { type: 'json' };
import zhCN_routes from './zh-CN/routes.json' with { type: 'json' };
import zhCN_servicing from './zh-CN/servicing.json' with { type: 'json' };
import zhCN_sms from './zh-CN/sms.json' with { type: 'json' };
import zhCN_tutorial from './zh-CN/tutorial.json' with { type: 'json' };

/** Every language and namespace of the catalogue (the server's and the tests'; the web loads its own lazily). */
export const RESOURCES: Resource = {
  'en-US': {
    application: enUS_application,
    auth: enUS_auth,
    common: enUS_common,
    complaints: enUS_complaints,
    coupons: enUS_coupons,
    documents: enUS_documents,
    easyReloan: enUS_easyReloan,
    errors: enUS_errors,
    home: enUS_home,
    info: enUS_info,
    install: enUS_install,
    labels: enUS_labels,
    lending: enUS_lending,
    messages: enUS_messages,
    notifications: enUS_notifications,
    photos: enUS_photos,
    privacy: enUS_privacy,
    profile: enUS_profile,
    routes: enUS_routes,
    servicing: enUS_servicing,
    sms: enUS_sms,
    tutorial: enUS_tutorial,
  },
  fil: {
    application: fil_application,
    auth: fil_auth,
    common: fil_common,
    complaints: fil_complaints,
    coupons: fil_coupons,
    documents: fil_documents,
    easyReloan: fil_easyReloan,
    errors: fil_errors,
    home: fil_home,
    info: fil_info,
    install: fil_install,
    labels: fil_labels,
    lending: fil_lending,
    messages: fil_messages,
    notifications: fil_notifications,
    photos: fil_photos,
    privacy: fil_privacy,
    profile: fil_profile,
    routes: fil_routes,
    servicing: fil_servicing,
    sms: fil_sms,
    tutorial: fil_tutorial,
  },
  'zh-CN': {
    application: zhCN_application,
    auth: zhCN_auth,
    common: zhCN_common,
    complaints: zhCN_complaints,
    coupons: zhCN_coupons,
    documents: zhCN_documents,
    easyReloan: zhCN_easyReloan,
    errors: zhCN_errors,
    home: zhCN_home,
    info: zhCN_info,
    install: zhCN_install,
    labels: zhCN_labels,
    lending: zhCN_lending,
    messages: zhCN_messages,
    notifications: zhCN_notifications,
    photos: zhCN_photos,
    privacy: zhCN_privacy,
    profile: zhCN_profile,
    routes: zhCN_routes,
    servicing: zhCN_servicing,
    sms: zhCN_sms,
    tutorial: zhCN_tutorial,
  },
};
