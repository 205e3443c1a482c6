/**
 * The demo data set of `npm run seed:demo` as plain data: tenants with plausible company details,
 * people with Chinese and English names, and a solid-colour PNG logo maker (node:zlib only).
 * Everything is deterministic, so two runs on two machines produce the same demo.
 */
import { deflateSync } from 'node:zlib';

export interface DemoTenant {
  code: string;
  name: string;
  abbreviation: string;
  address: string;
  description: string;
  /** 1 enabled, 0 disabled. */
  status: 0 | 1;
  /** Logo colour as [r, g, b], 0–255. */
  color: [number, number, number];
  /** Mail domain of the tenant's people. */
  domain: string;
  /** Number of users, the tenant administrator included. */
  users: number;
  /** 'zh' for Chinese names, 'en' for English ones. */
  names: 'zh' | 'en';
  /** Days before the seed run that the tenant was created. */
  createdDaysAgo: number;
}

export const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    code: 'yunti',
    name: '杭州云梯科技有限公司',
    abbreviation: '云梯科技',
    address: '浙江省杭州市西湖区文三路 478 号华星时代广场 A 座 12 层',
    description: '企业 SaaS 与低代码平台服务商',
    status: 1,
    color: [22, 119, 255],
    domain: 'yunti-tech.cn',
    users: 12,
    names: 'zh',
    createdDaysAgo: 210,
  },
  {
    code: 'huaxia',
    name: '深圳华夏智联信息技术有限公司',
    abbreviation: '华夏智联',
    address: '广东省深圳市南山区科技园科发路 8 号金融基地 2 栋 5 楼',
    description: '物联网与智慧园区解决方案',
    status: 1,
    color: [250, 84, 28],
    domain: 'huaxia-iot.com',
    users: 10,
    names: 'zh',
    createdDaysAgo: 150,
  },
  {
    code: 'zhonghe',
    name: '北京中和医疗集团',
    abbreviation: '中和医疗',
    address: '北京市朝阳区建国路 88 号 SOHO 现代城 3 号楼 1801',
    description: '连锁医疗机构，12 家门诊',
    status: 1,
    color: [82, 196, 26],
    domain: 'zhonghe-med.com',
    users: 9,
    names: 'zh',
    createdDaysAgo: 95,
  },
  {
    code: 'northwind',
    name: 'Northwind Logistics Ltd.',
    abbreviation: 'Northwind',
    address: '12 Harbour Road, Wan Chai, Hong Kong',
    description: 'Freight forwarding and warehousing across APAC',
    status: 1,
    color: [114, 46, 209],
    domain: 'northwind-logistics.com',
    users: 8,
    names: 'en',
    createdDaysAgo: 60,
  },
  {
    code: 'jinxiu',
    name: '上海锦绣零售有限公司',
    abbreviation: '锦绣零售',
    address: '上海市浦东新区世纪大道 100 号环球金融中心 36 层',
    description: '合同到期，已停用',
    status: 0,
    color: [140, 140, 140],
    domain: 'jinxiu-retail.cn',
    users: 6,
    names: 'zh',
    createdDaysAgo: 320,
  },
];

/** The one password of every demo account (printed by the script; satisfies the default rule). */
export const DEMO_PASSWORD = 'Demo@2026';

const ZH_SURNAMES = [
  ['王', 'wang'],
  ['李', 'li'],
  ['张', 'zhang'],
  ['刘', 'liu'],
  ['陈', 'chen'],
  ['杨', 'yang'],
  ['黄', 'huang'],
  ['赵', 'zhao'],
  ['吴', 'wu'],
  ['周', 'zhou'],
  ['徐', 'xu'],
  ['孙', 'sun'],
  ['马', 'ma'],
  ['朱', 'zhu'],
  ['胡', 'hu'],
  ['郭', 'guo'],
  ['何', 'he'],
  ['林', 'lin'],
  ['罗', 'luo'],
  ['高', 'gao'],
] as const;
const ZH_GIVEN = [
  ['伟', 'wei'],
  ['芳', 'fang'],
  ['娜', 'na'],
  ['敏', 'min'],
  ['静', 'jing'],
  ['丽', 'li'],
  ['强', 'qiang'],
  ['磊', 'lei'],
  ['军', 'jun'],
  ['洋', 'yang'],
  ['勇', 'yong'],
  ['艳', 'yan'],
  ['杰', 'jie'],
  ['娟', 'juan'],
  ['涛', 'tao'],
  ['明', 'ming'],
  ['超', 'chao'],
  ['秀英', 'xiuying'],
  ['晓东', 'xiaodong'],
  ['思远', 'siyuan'],
  ['雨婷', 'yuting'],
  ['子涵', 'zihan'],
  ['浩然', 'haoran'],
  ['梓萱', 'zixuan'],
] as const;
const EN_FIRST = ['Emily', 'James', 'Olivia', 'Daniel', 'Sophie', 'Michael', 'Grace', 'Ethan', 'Chloe', 'Ryan', 'Hannah', 'Lucas'] as const;
const EN_LAST = ['Chan', 'Wong', 'Smith', 'Taylor', 'Lee', 'Brown', 'Ng', 'Walker', 'Cheung', 'Harris', 'Lam', 'Clarke'] as const;
/** Mobile prefixes of the three mainland carriers (11-digit numbers). */
const MOBILE_PREFIXES = ['138', '139', '136', '158', '186', '177', '189', '133'] as const;

export interface DemoPerson {
  username: string;
  employeeName: string;
  employeeCode: string;
  /** 11 digits. */
  mobile: string;
  email: string;
  /** True for the tenant administrator (identity 3); the first person of each tenant. */
  tenantAdmin: boolean;
  /** True for the one application administrator (identity 2) of each tenant. */
  appAdmin: boolean;
  /** 1 enabled, 0 disabled (one person of each larger tenant has left the company). */
  status: 0 | 1;
}

/** A small deterministic pseudo-random generator (mulberry32), so the demo is the same every time. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The people of the tenant at `index` of DEMO_TENANTS, every field within SPEC §5 User (USER_RULES of
 * the protocol: seed-demo.test.ts checks each seeded row with the server's own checks). User names are
 * letters, digits and underscores and carry the tenant code (`yunti_admin`, `wangyong_yunti`,
 * `james_lee_northwind`), so they are unique across tenants and a sign-in without a TENANTID header finds
 * exactly one account; employee names are letters, digits and Chinese characters only (`张伟`,
 * `JamesLee`); mobiles and e-mails are unique across the whole demo.
 */
export function peopleOf(t: DemoTenant, index: number): DemoPerson[] {
  const rand = rng(1000 + index);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const people: DemoPerson[] = [];
  const seen = new Set<string>();
  while (people.length < t.users) {
    /** Employee name, user name stem and e-mail local part. */
    let display: string;
    let handle: string;
    let mailbox: string;
    if (t.names === 'zh') {
      const [s, sp] = pick(ZH_SURNAMES);
      const [g, gp] = pick(ZH_GIVEN);
      display = s + g;
      handle = mailbox = sp + gp;
    } else {
      const f = pick(EN_FIRST);
      const l = pick(EN_LAST);
      display = f + l;
      handle = `${f}_${l}`.toLowerCase();
      mailbox = `${f}.${l}`.toLowerCase();
    }
    if (seen.has(handle)) continue;
    seen.add(handle);
    const n = people.length;
    const tenantAdmin = n === 0;
    people.push({
      username: tenantAdmin ? `${t.code}_admin` : `${handle}_${t.code}`,
      employeeName: display,
      employeeCode: `${t.code.slice(0, 2).toUpperCase()}${String(index + 1)}${String(n + 1).padStart(3, '0')}`,
      mobile: `${pick(MOBILE_PREFIXES)}${String(index + 1)}${String(n + 1).padStart(3, '0')}${String(Math.floor(rand() * 10_000)).padStart(4, '0')}`,
      email: `${tenantAdmin ? 'it-admin' : mailbox}@${t.domain}`,
      tenantAdmin,
      appAdmin: n === 1,
      status: n === t.users - 1 && t.users >= 8 ? 0 : 1,
    });
  }
  return people;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A `size`×`size` solid-colour RGB PNG (8 bits per channel), as bytes. */
export function solidPng(rgb: [number, number, number], size = 64): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const row = Buffer.alloc(1 + size * 3); // filter byte 0, then pixels
  for (let x = 0; x < size; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Teams (sub-departments) under each tenant's first department: the tree is three levels deep. */
export const DEMO_TEAMS = {
  zh: [
    ['FE', '前端组'],
    ['BE', '后端组'],
  ],
  en: [
    ['FE', 'Frontend'],
    ['BE', 'Backend'],
  ],
} as const;

/**
 * The demo data role of each enabled tenant: the first department's managers. Its members see and
 * change only that department's subtree (organisation-tree grant), with these menus (1 read, 3 read
 * and write) and the APIs of those menus (read calls only for read-only menus).
 */
export const DEMO_ROLE = {
  code: 'deptmgr',
  /** SPEC §5 Role: Chinese characters, letters, digits and underscores only. */
  name: { zh: '部门经理', en: 'Department_managers' },
  menus: { employeeManagement: 3, orgManagement: 1, stationManagement: 1, orgEmployeeRelation: 3 } as Record<string, number>,
} as const;

/**
 * Departments under each tenant's root organisation, and stations (positions) with their level and type
 * (SPEC §5 Position: name and type required).
 */
export const DEMO_DEPARTMENTS = {
  zh: [
    ['RD', '研发中心'],
    ['MKT', '市场部'],
    ['OPS', '运营部'],
    ['HR', '人力资源部'],
  ],
  en: [
    ['RD', 'Engineering'],
    ['SALES', 'Sales'],
    ['OPS', 'Operations'],
    ['HR', 'People'],
  ],
} as const;
export const DEMO_STATIONS = {
  zh: [
    ['软件工程师', 'P5', '技术'],
    ['高级工程师', 'P6', '技术'],
    ['产品经理', 'P6', '产品'],
    ['部门经理', 'M2', '管理'],
    ['专员', 'P3', '职能'],
  ],
  en: [
    ['Software Engineer', 'P5', 'Technical'],
    ['Senior Engineer', 'P6', 'Technical'],
    ['Product Manager', 'P6', 'Product'],
    ['Department Manager', 'M2', 'Management'],
    ['Specialist', 'P3', 'Staff'],
  ],
} as const;
