// The Summit mini-program (decision 097): its pages are the site in a web-view (pages/index) and the native pages a
// web-view cannot be (scan-confirm for scan-to-log-in on the web, pay for WeChat Pay).
App({});
