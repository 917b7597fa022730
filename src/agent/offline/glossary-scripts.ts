import { foldedPattern } from './text.js';

/**
 * Japanese, Chinese, Thai and Arabic, written without spaces between words: the same topics by
 * substring, folded as the text is (Thai vowel signs and Japanese voicing marks are dropped by
 * folding, so the terms are folded the same way before they are matched).
 */
export const GLOSSARY_SCRIPTS: Array<[RegExp, string]> = [
  [foldedPattern('返品|退货|退換|คืนสินค้า|ส่งคืน|إرجاع|ارجاع'), 'return policy'],
  // Money coming back said without the noun: "the amount returned", "back on the account".
  [
    foldedPattern(
      '返金|払い戻し|払戻|退款|退钱|退回|到账|คืนเงิน|เงินคืน|استرداد|المسترد|استرجاع|يعود المبلغ|يرجع المبلغ|عودة المبلغ',
    ),
    'refund',
  ],
  [foldedPattern('パスワード|密码|密碼|รหัสผ่าน|كلمة المرور|كلمة السر'), 'password reset'],
  [foldedPattern('ログイン|登录|登入|เข้าสู่ระบบ|تسجيل الدخول'), 'login sign in'],
  // An account locked after too many tries: the password article's "Locked out".
  [
    foldedPattern('ロックされ|アカウントロック|锁定|被锁|鎖定|ถูกล็อก|ล็อกบัญชี|مقفل|تم قفل|محاولات كثيرة'),
    'locked out failed attempts',
  ],
  [
    foldedPattern('領収書|請求書|インボイス|发票|發票|收据|ใบเสร็จ|ใบแจ้งหนี้|ใบกำกับภาษี|فاتورة|فواتير|إيصال'),
    'invoice receipt',
  ],
  [foldedPattern('保証|保修|质保|保固|รับประกัน|ضمان'), 'warranty'],
  // Thai says "ประกัน" alone for a product's warranty when it asks how long or whether there is one;
  // parcel or shipping insurance ("ประกันพัสดุ", "ประกันการขนส่ง") is not the warranty article's.
  [foldedPattern('ประกัน(?=กี่|นาน)|มีประกัน(?!ภัย|พัสดุ|การขนส่ง|สินค้าระหว่าง)|ประกันสินค้า(?!ระหว่าง)'), 'warranty'],
  [foldedPattern('配送|送料|発送|运费|发货|ค่าส่ง|การจัดส่ง|จัดส่ง|شحن|توصيل'), 'shipping delivery cost'],
  [
    foldedPattern('二要素|二段階認証|双重验证|两步验证|双因素|สองขั้นตอน|المصادقة الثنائية|التحقق بخطوتين'),
    'two-factor authentication',
  ],
  [foldedPattern('キャンセル|取消|ยกเลิก|إلغاء'), 'cancel order'],
  [foldedPattern('追跡|追踪|ติดตามพัสดุ|تتبع'), 'tracking'],
  // Who pays to send goods back: the return labels article's "Who pays for return shipping".
  [
    foldedPattern(
      '返品の送料|返品送料|返送料|返送の送料|返品時の送料|退货运费|退货的运费|退货邮费|ค่าส่งคืน|ค่าจัดส่งคืน|ค่าส่งสินค้าคืน|تكلفة الإرجاع|رسوم الإرجاع|شحن الإرجاع',
    ),
    'return shipping label who pays costs nothing',
  ],
  [
    foldedPattern('クレジットカード|信用卡|บัตรเครดิต|ชำระเงิน|支払い方法|支付方式|طريقة الدفع|بطاقة'),
    'payment card',
  ],
  [foldedPattern('ユーザー|メンバー|用户|成员|ผู้ใช้|สมาชิก|مستخدم'), 'seats team members'],
  [foldedPattern('料金|価格|费用|价格|多少钱|ราคา|ค่าใช้จ่าย|سعر|تكلفة'), 'cost price'],
  [foldedPattern('破損|壊れ|损坏|破损|เสียหาย|تالف|مكسور'), 'damaged defective'],
  [foldedPattern('紛失|届かない|遅延|丢失|延迟|สูญหาย|ล่าช้า|مفقود|تأخر'), 'lost delayed package'],
  [foldedPattern('関税|通関|海关|关税|ศุลกากร|جمارك'), 'customs duties'],
  [foldedPattern('エクスポート|导出|ส่งออกข้อมูล|ข้อมูลที่ส่งออก|ไฟล์ส่งออก|تصدير'), 'export data'],
  // A file fetched by a link: the export's download link, or an invoice's.
  [foldedPattern('ダウンロード|下载|下載|ดาวน์โหลด|تنزيل|تحميل'), 'download link'],
  [foldedPattern('海外|国外|ต่างประเทศ|دولي|الخارج'), 'international shipping'],
  [foldedPattern('寄到|寄送|送到|届くまで|ส่งของ|ส่งไป'), 'shipping delivery time'],
  [foldedPattern('割引|折扣|优惠|ส่วนลด|خصم'), 'volume discount'],
  [foldedPattern('銀行振込|银行转账|โอนเงิน|تحويل بنكي'), 'ach bank transfer payment'],
  [foldedPattern('従業員|社員|员工|พนักงาน|موظف'), 'team members'],
  // The plans by name, as these scripts write them (Latin "Pro" and "Enterprise" are shared terms).
  [foldedPattern('プロプラン|プロ版|专业版|專業版|แพ็กเกจโปร|แผนโปร|الخطة الاحترافية'), 'pro plans pricing'],
  [foldedPattern('エンタープライズ|企业版|企業版|เอนเทอร์ไพรส์|خطة المؤسسات'), 'enterprise plans pricing'],
  [foldedPattern('プラン|套餐|แพ็กเกจ|الخطة|الباقة'), 'plans pricing'],
  [foldedPattern('年払い|年額|年付|按年|包年|รายปี|سنوي'), 'yearly'],
  [foldedPattern('いくら|多少钱|多少錢|เท่าไร|เท่าไหร่|كم سعر|كم تكلفة'), 'cost price'],
  [foldedPattern('発注書|注文書|采购订单|採購訂單|ใบสั่งซื้อ|أمر شراء'), 'purchase orders net-30'],
  [foldedPattern('支払|付款|支付|ชำระ|الدفع'), 'payment'],
  [foldedPattern('住所|届け先|地址|ที่อยู่|العنوان'), 'shipping address'],
  [foldedPattern('ステータスページ|状态页|狀態頁|หน้าสถานะ|صفحة الحالة'), 'status page'],
  [foldedPattern('メンテナンス|维护|維護|ปิดปรับปรุง|บำรุงรักษา|صيانة'), 'planned maintenance'],
  [
    foldedPattern('アクセス権|访问权限|訪問權限|สิทธิ์การเข้าถึง|صلاحية الوصول|صلاحيات الوصول'),
    'removing a person signs them out team members',
  ],
  [
    foldedPattern(
      '個人情報|个人信息|个人数据|個人資料|ข้อมูลส่วนตัว|البيانات الشخصية|الخصوصية|隐私|プライバシー',
    ),
    'privacy personal data deletion',
  ],
  [
    foldedPattern(
      '解約|退会|アカウント削除|注销|销户|ยกเลิกบัญชี|ปิดบัญชี|(?:أغلق|اغلق|ألغ|الغ|حذف|إغلاق|اغلاق|إلغاء|الغاء)\\S{0,4} ?(?:ال)?حساب',
    ),
    'close account',
  ],
  [foldedPattern('脆弱性|漏洞|ช่องโหว่|ثغرة'), 'report security vulnerability'],
  [foldedPattern('配送業者|運送会社|快递公司|物流公司|运输公司|บริษัทขนส่ง|شركة الشحن'), 'carriers shipping'],
];
