/**
 * Where the site lives and which of the two mini-programs this build is (decision 097). The build
 * (scripts/build.mjs) writes MINIPROGRAM_SITE_ORIGIN and MINIPROGRAM_VARIANT into the compiled file; the origin
 * must also be the mini-program's request and business domain (mp.weixin.qq.com → 开发管理 → 服务器域名, 业务域名).
 */
export interface MiniConfig {
  /** https origin of the site, without a trailing slash. */
  siteOrigin: string;
  /** main: the programme's mini-program (POST /api/login-mp); com: the club's (POST /api/login-mp-com). */
  variant: 'main' | 'com';
}

export const CONFIG: MiniConfig = {
  siteOrigin: 'https://summit.example.cn',
  variant: 'main',
};
