"""The vocabularies of `block_plan`'s reader in the languages besides English.

Each `Language` says, one meaning a line, how a language writes the words the English reader
knows ("交换机 = vswitch"), its count words, and the words that decline a request; `block_plan`
rewrites a request word by word with them and reads the result as English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import attrs


def pairs(text: str) -> dict[str, str]:
    """One meaning a line: "word, other word = what the reader reads"."""
    pairs: dict[str, str] = {}
    for line in text.strip().splitlines():
        words, _, meaning = line.partition("=")
        pairs.update((word.strip(), meaning.strip()) for word in words.split(","))
    return pairs


def word_list(text: str) -> tuple[str, ...]:
    """Words and phrases separated by commas."""
    return tuple(word.strip() for word in text.split(",") if word.strip())


@attrs.frozen
class Language:
    """How one language writes what the English reader knows.

    Words are spelt as people write them (accents, umlauts, full-width forms, hyphens); they are
    normalised the way a request is, so "sous-réseau" also matches "sous reseau".
    """

    words: Mapping[str, str]  # word or phrase -> the reader's words
    numbers: Mapping[str, str] = attrs.field(factory=dict)  # count words -> digits
    not_create: tuple[str, ...] = ()  # asks for something other than creating
    vague: tuple[str, ...] = ()  # counts too vague to guess, or above ten
    unsupported: Mapping[str, str] = attrs.field(factory=dict)  # product -> its English name
    allow: tuple[str, ...] = ()  # opens ports, allows services
    named: tuple[str, ...] = ()  # stands before a name ("named")
    named_after: tuple[str, ...] = ()  # stands after a name (Japanese "という")
    regions: Mapping[str, str] = attrs.field(factory=dict)  # local city name -> region id
    markers: tuple[str, ...] = ()  # frequent small words, to tell the language apart
    counters: tuple[str, ...] = ()  # Chinese and Japanese: what follows a numeral (台, つ)
    # The noun comes before what qualifies it ("instancia RDS", "instance de base de données").
    nouns_first: bool = False
    # Where service names stand relative to the word that allows them.
    services: Literal["after", "before", "both"] = "after"


_ZH = Language(
    words=pairs("""
        不要, 不需要, 无需, 禁止, 拒绝, 不允许, 不得 = no
        不开放, 不放行, 不打开 = not allow
        不 = not
        没有, 不带, 不含, 无 = without
        除了 = except
        仅, 只, 仅限, 只有 = only
        数据盘, 数据磁盘, 数据云盘 = datadisk
        系统盘 = systemdisk
        存储 = storage
        高可用 = high availability
        节点 = node
        节点规格 = node type
        密钥对 = key pair
        到, 至 = to
        最少 = min
        最多 = max
        私网, 内网 = private
        网关 = gateway
        角色 = role
        来自 = from
        给 = to
        天 = days
        专有网络, 私有网络, 虚拟私有云 = vpc
        网络 = network
        虚拟交换机, 交换机 = vswitch
        子网 = subnet
        可用区 = zone
        双可用区, 两可用区 = 2 zones
        三可用区 = 3 zones
        安全组 = security group
        防火墙 = firewall
        端口 = port
        云服务器, 服务器 = server
        实例 = instance
        虚拟机 = vm
        主机 = host
        后端 = backend
        应用 = app
        负载均衡器, 负载均衡, 传统型负载均衡 = load balancer
        云数据库, 数据库 = database
        账号, 帐号, 账户 = account
        用户 = user
        对象存储 = object storage
        存储桶, 存储空间 = bucket
        版本控制, 多版本 = versioning
        健康检查 = health check
        服务端加密, 加密 = encrypted
        只读 = read-only
        读写权限, 完全访问 = full access
        生命周期 = lifecycle
        公网IP, 公网带宽 = public ip
        公网地址 = public address
        公网访问, 访问公网 = internet access
        公共读写 = public-read-write
        公共读 = public-read
        远程桌面 = rdp
        带有, 带, 包含, 含有, 具有 = with
        和, 以及, 及, 与, 并且, 并 = and
        \u3001 = ,
        创建, 新建, 建立, 部署, 搭建 = create
    """),
    numbers=pairs("单个, 单台 = 1"),
    counters=("个", "個", "台", "套", "块"),
    not_create=word_list("""
        删除, 移除, 销毁, 释放, 更新, 修改, 变更, 更改, 扩容, 缩容, 升级, 升配, 降配,
        解释, 说明, 介绍, 为什么, 为何, 什么是, 是什么, 区别, 比较, 对比,
        费用, 成本, 价格, 多少钱, 计费, 收费, 迁移, 导入, 转换,
        检查, 审查, 校验, 验证, 排查, 诊断, 查看, 查询, 列出, 停止, 重启
    """),
    vague=word_list(
        "几个, 几台, 多个, 多台, 若干, 一些, 一批, 很多, 许多, 大量, 数个, 数台, 多少, 多可用区"
    ),
    unsupported=pairs("""
        弹性公网IP, 弹性IP = eip
        容器服务 = kubernetes
        函数计算 = function compute
        内容分发 = cdn
        云解析 = dns
        Web应用防火墙, 应用防火墙 = waf
        文件存储 = nas
        弹性伸缩 = auto scaling
        应用型负载均衡 = alb
        网络型负载均衡 = nlb
        访问控制 = ram
        密钥管理 = kms
        日志服务 = log service
        云企业网 = cen
        对等连接 = peering
        消息队列 = kafka
    """),
    allow=word_list("允许, 放行, 放通, 开放, 开通, 打开, 开启"),
    named=word_list("名为, 名叫, 叫做, 名称为, 名字为, 命名为, 名称是, 名字是"),
    regions=pairs("""
        杭州, 华东1 = cn-hangzhou
        上海, 华东2 = cn-shanghai
        青岛, 华北1 = cn-qingdao
        北京, 华北2 = cn-beijing
        张家口, 华北3 = cn-zhangjiakou
        呼和浩特, 华北5 = cn-huhehaote
        乌兰察布, 华北6 = cn-wulanchabu
        深圳, 华南1 = cn-shenzhen
        河源, 华南2 = cn-heyuan
        广州, 华南3 = cn-guangzhou
        成都, 西南1 = cn-chengdu
        香港 = cn-hongkong
        新加坡 = ap-southeast-1
        东京 = ap-northeast-1
        首尔 = ap-northeast-2
        吉隆坡 = ap-southeast-3
        雅加达 = ap-southeast-5
        马尼拉 = ap-southeast-6
        曼谷 = ap-southeast-7
        法兰克福 = eu-central-1
        伦敦 = eu-west-1
        硅谷 = us-west-1
        弗吉尼亚 = us-east-1
        迪拜 = me-east-1
    """),
)

_JA = Language(
    words=pairs("""
        不要, なし, 無し, しない, しないで, 禁止, 拒否, ない = not
        のみ, だけ, 限定 = only
        データディスク = datadisk
        システムディスク = systemdisk
        ストレージ = storage
        高可用性, 冗長 = high availability
        ノード = node
        ノードタイプ = node type
        キーペア = key pair
        プライベート, 内部 = private
        ゲートウェイ = gateway
        ロール = role
        から = from
        〜, ~ = to
        日間, 日の = days
        仮想プライベートクラウド = vpc
        ネットワーク = network
        仮想スイッチ, vスイッチ, スイッチ = vswitch
        サブネット = subnet
        アベイラビリティゾーン, 可用性ゾーン, ゾーン = zone
        セキュリティグループ = security group
        ファイアウォール = firewall
        ポート = port
        インスタンス = instance
        サーバー, サーバ = server
        仮想マシン = vm
        ホスト = host
        ロードバランサー, ロードバランサ, 負荷分散装置, 負荷分散 = load balancer
        データベース = database
        アカウント = account
        ユーザー = user
        スキーマ = schema
        オブジェクトストレージ = object storage
        バケット = bucket
        バージョン管理, バージョニング = versioning
        ヘルスチェック = health check
        暗号化 = encrypted
        読み取り専用 = read-only
        フルアクセス = full access
        ライフサイクル = lifecycle
        パブリックIP, グローバルIP = public ip
        インターネットアクセス, インターネット接続 = internet access
        公開読み書き = public-read-write
        公開読み取り, パブリック読み取り = public-read
        リモートデスクトップ = rdp
        と, および = and
        \u3001 = ,
        付き, を持つ = with
        作成, 作って, 構築, 用意 = create
    """),
    numbers=pairs("""
        ひとつ = 1
        ふたつ = 2
        みっつ = 3
        よっつ = 4
        いつつ = 5
        むっつ = 6
        ななつ = 7
        やっつ = 8
        ここのつ = 9
    """),
    counters=("つ", "個", "台", "か所", "カ所", "ヶ所", "箇所"),
    not_create=word_list("""
        削除, 消して, 消去, 破棄, 解放, 更新, 変更, 修正, アップグレード, スケール,
        説明, 解説, 教えて, なぜ, どうして, とは何, って何, 何ですか, 違い, 比較,
        費用, コスト, 料金, 価格, いくら, 移行, インポート, 変換,
        レビュー, 検証, 確認, チェック, トラブルシュート, 停止, 再起動
    """),
    vague=word_list("複数, いくつか, いくつ, 数台, 数個, 多数, たくさん, 何台, 何個, 大量"),
    unsupported=pairs("""
        弾性IP = eip
        コンテナサービス = kubernetes
        関数計算, ファンクションコンピュート = function compute
        ファイルストレージ = nas
        オートスケーリング, 自動スケーリング = auto scaling
        アプリケーションロードバランサー = alb
        ネットワークロードバランサー = nlb
        ログサービス = log service
        ピアリング = peering
        メッセージキュー = kafka
    """),
    allow=word_list("許可, 開放, 開け, 開く, 開いた, 空け, 通す, 公開"),
    named=word_list("名前は, 名前が, 名前を, 名前:, 名称は, バケット名は, バケット名"),
    named_after=word_list("という名前, という名, という, と言う"),
    regions=pairs("""
        杭州 = cn-hangzhou
        上海 = cn-shanghai
        北京 = cn-beijing
        深セン, 深圳 = cn-shenzhen
        青島 = cn-qingdao
        張家口 = cn-zhangjiakou
        フフホト = cn-huhehaote
        ウランチャブ = cn-wulanchabu
        成都 = cn-chengdu
        広州 = cn-guangzhou
        河源 = cn-heyuan
        香港 = cn-hongkong
        シンガポール = ap-southeast-1
        東京 = ap-northeast-1
        ソウル = ap-northeast-2
        クアラルンプール = ap-southeast-3
        ジャカルタ = ap-southeast-5
        マニラ = ap-southeast-6
        バンコク = ap-southeast-7
        フランクフルト = eu-central-1
        ロンドン = eu-west-1
        シリコンバレー = us-west-1
        バージニア = us-east-1
        ドバイ = me-east-1
    """),
    services="before",  # "SSHとHTTPを許可する"
)

_ES = Language(
    words=pairs("""
        sin = without
        ningún, ninguna, ningun = no
        excepto, salvo = except
        solo, sólo, solamente, únicamente = only
        bloqueado, bloqueados, bloqueada, prohibido, prohibidos, denegado = blocked
        disco de datos = datadisk
        discos de datos = datadisks
        disco del sistema, disco de sistema = systemdisk
        almacenamiento = storage
        alta disponibilidad = high availability
        nodo = node
        nodos = nodes
        par de claves = key pair
        privado, privada, interno, interna = private
        puerta de enlace = gateway
        rol = role
        control de versiones, versionado = versioning
        comprobación de estado, verificación de estado = health check
        cifrado, cifrada, encriptado, encriptada = encrypted
        solo lectura = read-only
        acceso completo, acceso total = full access
        ciclo de vida = lifecycle
        desde = from
        días = days
        red privada virtual, red virtual = vpc
        red = network
        subred = subnet
        subredes = subnets
        conmutador virtual = vswitch
        conmutadores virtuales = vswitches
        zona, zona de disponibilidad = zone
        zonas, zonas de disponibilidad = zones
        grupo de seguridad = security group
        grupos de seguridad = security groups
        cortafuegos = firewall
        puerto = port
        puertos = ports
        instancia = instance
        instancias = instances
        servidor = server
        servidores = servers
        máquina virtual = vm
        máquinas virtuales = vms
        balanceador de carga, equilibrador de carga = load balancer
        balanceadores de carga = load balancers
        base de datos = database
        bases de datos = databases
        cuenta = account
        cuentas = accounts
        usuario = user
        usuarios = users
        esquema = schema
        almacenamiento de objetos = object storage
        ip pública, dirección ip pública = public ip
        ips públicas, ip públicas, direcciones ip públicas = public ips
        acceso a internet = internet access
        lectura pública = public-read
        lectura y escritura públicas, lectura y escritura pública = public-read-write
        escritorio remoto = rdp
        con = with
        y, e = and
        en = in
        a = to
        crear, cree, crea, créame = create
    """),
    numbers=pairs("""
        un, uno, una, un solo, una sola = 1
        dos, un par de = 2
        tres = 3
        cuatro = 4
        cinco = 5
        seis = 6
        siete = 7
        ocho = 8
        nueve = 9
        diez = 10
    """),
    not_create=word_list("""
        eliminar, elimina, elimine, borrar, borra, borre, quitar, quita, quite,
        destruir, destruye, actualizar, actualiza, actualice, modificar, modifica, modifique,
        cambiar, cambia, cambie, redimensionar, escalar, explicar, explica, explique,
        por qué, qué es, qué son, comparar, compara, compare,
        costo, costos, coste, costes, cuesta, cuestan, precio, precios, tarifa, tarifas,
        cuánto, cuánta, cuántos, cuántas, migrar, importar, convertir, convierte, convierta,
        revisar, revisa, revise, validar, valida, valide, comprobar, comprueba,
        verificar, verifica, diagnosticar, solucionar
    """),
    vague=word_list("""
        varios, varias, muchos, muchas, algunos, algunas, unos, unas, múltiples,
        once, doce, trece, catorce, quince, dieciséis, veinte, treinta, cuarenta, cincuenta,
        cien, cientos, mil, docena, docenas, decenas
    """),
    unsupported=pairs("""
        ip elástica, ips elásticas = eip
        escalado automático, autoescalado = auto scaling
        balanceador de carga de aplicaciones, balanceador de carga de aplicación = alb
        balanceador de carga de red = nlb
        almacenamiento de archivos = nas
        cómputo de funciones = function compute
        emparejamiento = peering
        servicio de registros = log service
    """),
    allow=word_list("""
        permitir, permita, permite, permitan, permiten, permitiendo, abrir, abra, abre, abran,
        abren, abriendo, abierto, abierta, abiertos, abiertas, habilitar, habilite
    """),
    named=word_list("llamado, llamada, denominado, denominada, con el nombre, con nombre"),
    regions=pairs("""
        pekín = cn-beijing
        singapur = ap-southeast-1
        tokio = ap-northeast-1
        seúl = ap-northeast-2
        yakarta = ap-southeast-5
        fráncfort = eu-central-1
        londres = eu-west-1
        dubái = me-east-1
    """),
    markers=word_list("el, la, los, las, del, que, para, por, de, al"),
    nouns_first=True,
)

_FR = Language(
    words=pairs("""
        sans = without
        aucun, aucune = no
        pas = not
        sauf, excepté = except
        seulement, uniquement = only
        bloqué, bloqués, bloquée, interdit, interdits, interdite, refusé = blocked
        disque de données = datadisk
        disques de données = datadisks
        disque système = systemdisk
        stockage = storage
        haute disponibilité = high availability
        nœud, noeud = node
        nœuds, noeuds = nodes
        paire de clés = key pair
        privé, privée, interne = private
        passerelle = gateway
        rôle = role
        depuis, à partir de = from
        jours = days
        réseau privé virtuel, réseau virtuel = vpc
        réseau = network
        sous-réseau = subnet
        sous-réseaux = subnets
        commutateur virtuel = vswitch
        commutateurs virtuels = vswitches
        zone de disponibilité = zone
        zones de disponibilité = zones
        groupe de sécurité = security group
        groupes de sécurité = security groups
        pare-feu = firewall
        serveur = server
        serveurs = servers
        machine virtuelle = vm
        machines virtuelles = vms
        équilibreur de charge, répartiteur de charge = load balancer
        équilibreurs de charge = load balancers
        base de données = database
        bases de données = databases
        compte = account
        comptes = accounts
        utilisateur = user
        utilisateurs = users
        schéma = schema
        stockage objet, stockage d'objets = object storage
        compartiment = bucket
        versionnage, versionnement, gestion des versions = versioning
        contrôle de santé, vérification de santé, bilan de santé = health check
        chiffré, chiffrée, chiffrement = encrypted
        lecture seule = read-only
        accès complet, accès total = full access
        cycle de vie = lifecycle
        compartiments = buckets
        ip publique, adresse ip publique = public ip
        ip publiques, ips publiques, adresses ip publiques = public ips
        accès internet, accès à internet = internet access
        lecture publique = public-read
        lecture et écriture publiques = public-read-write
        bureau à distance = rdp
        avec = with
        et = and
        dans = in
        sur = across
        a = has
        an = year
        créer, crée, créez = create
    """),
    numbers=pairs("""
        un, une, un seul, une seule = 1
        deux, une paire de = 2
        trois = 3
        quatre = 4
        cinq = 5
        six = 6
        sept = 7
        huit = 8
        neuf = 9
        dix = 10
    """),
    not_create=word_list("""
        supprimer, supprime, supprimez, effacer, efface, effacez, détruire, détruisez,
        mettre à jour, mets à jour, mettez à jour, modifier, modifie, modifiez,
        changer, change, changez, redimensionner, expliquer, explique, expliquez, pourquoi,
        qu'est-ce, c'est quoi, comparer, compare, comparez,
        coût, coûts, coûte, coûtent, prix, tarif, tarifs, tarification, combien,
        migrer, migrez, importer, importez, convertir, convertis, convertissez,
        vérifier, vérifie, vérifiez, valider, valide, validez, examiner, examinez, dépanner
    """),
    vague=word_list("""
        plusieurs, beaucoup, quelques, nombreux, nombreuses, multiples,
        onze, douze, treize, quatorze, quinze, seize, vingt, trente, quarante, cinquante,
        cent, cents, centaine, centaines, mille, milliers, dizaine, dizaines,
        douzaine, douzaines
    """),
    unsupported=pairs("""
        ip élastique, ip élastiques = eip
        mise à l'échelle automatique = auto scaling
        équilibreur de charge d'application, équilibreur de charge d'applications = alb
        équilibreur de charge réseau = nlb
        stockage de fichiers = nas
        appairage = peering
        service de journaux = log service
    """),
    allow=word_list("""
        autoriser, autorise, autorisez, autorisant, ouvrir, ouvre, ouvrez, ouvrant, ouvert,
        ouverte, ouverts, ouvertes, permettre, permet, permettant
    """),
    named=word_list("nommé, nommée, appelé, appelée, du nom de, intitulé, intitulée"),
    regions=pairs("""
        pékin = cn-beijing
        singapour = ap-southeast-1
        séoul = ap-northeast-2
        francfort = eu-central-1
        londres = eu-west-1
        virginie = us-east-1
        doubaï = me-east-1
    """),
    markers=word_list("le, la, les, du, des, de, pour, qui, est, au, aux, je"),
    nouns_first=True,
)

_DE = Language(
    words=pairs("""
        ohne = without
        kein, keine, keinen, keinem, keiner = no
        nicht = not
        außer = except
        nur, ausschließlich = only
        gesperrt, blockiert, verboten = blocked
        datenträger, datenplatte, datenfestplatte = datadisk
        knoten = nodes
        bis = to
        schlüsselpaar = key pair
        systemdatenträger, systemplatte, systemfestplatte = systemdisk
        speicher, speicherplatz = storage
        hochverfügbar, hochverfügbare, hochverfügbaren, hochverfügbarkeit = high availability
        privat, interne, internen, intern = private
        rolle = role
        versionierung, versioniert, versionierte, versionierten = versioning
        gesundheitsprüfung, integritätsprüfung, healthcheck = health check
        verschlüsselt, verschlüsselte, verschlüsselten, verschlüsselung = encrypted
        nur lesen, lesezugriff, schreibgeschützt = read-only
        vollzugriff = full access
        lebenszyklus, lebenszyklusregel = lifecycle
        von = from
        tage, tagen = days
        virtuelles privates netzwerk = vpc
        netzwerk, netz, netzwerken = network
        subnetz, teilnetz = subnet
        subnetze, subnetzen, teilnetze, teilnetzen = subnets
        virtueller switch = vswitch
        virtuelle switches = vswitches
        verfügbarkeitszone = zone
        zonen, verfügbarkeitszonen = zones
        sicherheitsgruppe = security group
        sicherheitsgruppen = security groups
        instanz = instance
        instanzen = instances
        servern = servers
        webserver = web servers
        virtuelle maschine = vm
        virtuelle maschinen = vms
        loadbalancer, lastverteiler = load balancer
        lastausgleich = load balancing
        datenbank = database
        datenbanken = databases
        datenbankinstanz = database instance
        konto, benutzerkonto = account
        konten = accounts
        benutzer = user
        objektspeicher = object storage
        öffentliche ip, öffentlichen ip, öffentlicher ip = public ip
        öffentliche ips, öffentlichen ips = public ips
        internetzugang, internetzugriff = internet access
        öffentlich lesbar, öffentlich lesbare, öffentlich lesbarer = public-read
        öffentlich lesbaren, öffentlich lesbares = public-read
        öffentlichem lesezugriff, öffentlichen lesezugriff = public-read
        öffentlich les- und schreibbar, öffentlich lesbar und schreibbar = public-read-write
        remotedesktop = rdp
        mit = with
        und = and
        über = across
        an = at
        erstelle, erstellen, erstellt, erzeuge, lege = create
    """),
    numbers=pairs("""
        ein, eine, einen, einem, einer, eins = 1
        zwei, zwo = 2
        drei = 3
        vier = 4
        fünf = 5
        sechs = 6
        sieben = 7
        acht = 8
        neun = 9
        zehn = 10
    """),
    not_create=word_list("""
        lösche, löschen, löscht, entferne, entfernen, entfernt, zerstöre, zerstören,
        aktualisiere, aktualisieren, ändere, ändern, änderung, modifiziere, modifizieren,
        skaliere, skalieren, erkläre, erklären, erklärung, warum, wieso, weshalb,
        was ist, was sind, vergleiche, vergleichen, kosten, kostet, preis, preise,
        migriere, migrieren, importiere, importieren, konvertiere, konvertieren,
        prüfe, prüfen, überprüfe, überprüfen, validiere, validieren
    """),
    vague=word_list("""
        mehrere, viele, einige, etliche, zahlreiche, paar,
        elf, zwölf, dreizehn, vierzehn, fünfzehn, sechzehn, siebzehn, achtzehn, neunzehn,
        zwanzig, dreißig, vierzig, fünfzig, hundert, hunderte, tausend, tausende,
        dutzend, dutzende
    """),
    unsupported=pairs("""
        elastische ip, elastischen ip, elastischer ip = eip
        automatische skalierung, autoskalierung = auto scaling
        dateispeicher = nas
        protokolldienst = log service
    """),
    allow=word_list("""
        erlaube, erlauben, erlaubt, zulassen, zulässt, freigeben, freigibt, öffne, öffnen,
        öffnet, offen, offene, offenen
    """),
    named=word_list("namens, mit dem namen, mit namen, genannt, benannt"),
    regions=pairs("""
        peking = cn-beijing
        singapur = ap-southeast-1
        tokio = ap-northeast-1
    """),
    markers=word_list("der, die, das, den, dem, des, für, zu, im, ich, bitte"),
    services="both",  # "erlaube SSH" and "eine Gruppe, die SSH erlaubt"
)

_PT = Language(
    words=pairs("""
        sem = without
        não, nenhum, nenhuma = not
        exceto, salvo = except
        apenas, somente, só = only
        bloqueado, bloqueados, bloqueada, proibido, proibidos, proibida, negado = blocked
        disco de dados = datadisk
        discos de dados = datadisks
        disco do sistema, disco de sistema = systemdisk
        armazenamento = storage
        alta disponibilidade = high availability
        privado, privada, interno, interna = private
        papel, função = role
        versionamento, controle de versão = versioning
        verificação de integridade, verificação de saúde = health check
        criptografado, criptografada, criptografia = encrypted
        somente leitura, apenas leitura = read-only
        acesso total, acesso completo = full access
        ciclo de vida = lifecycle
        a partir de = from
        dias = days
        par de chaves = key pair
        rede privada virtual, rede virtual = vpc
        rede = network
        sub-rede, subrede = subnet
        sub-redes, subredes = subnets
        switch virtual = vswitch
        switches virtuais = vswitches
        zona, zona de disponibilidade = zone
        zonas, zonas de disponibilidade = zones
        grupo de segurança = security group
        grupos de segurança = security groups
        porta = port
        portas = ports
        instância = instance
        instâncias = instances
        servidor = server
        servidores = servers
        máquina virtual = vm
        máquinas virtuais = vms
        balanceador de carga = load balancer
        balanceadores de carga = load balancers
        banco de dados, base de dados = database
        bancos de dados = databases
        conta = account
        contas = accounts
        usuário = user
        usuários = users
        esquema = schema
        armazenamento de objetos = object storage
        ip público, endereço ip público = public ip
        ips públicos, ip públicos, endereços ip públicos = public ips
        acesso à internet = internet access
        leitura pública = public-read
        leitura e escrita públicas = public-read-write
        área de trabalho remota = rdp
        com = with
        e = and
        em, no, na, nos, nas = in
        a, o, as, os = the
        do, da, dos, das = of
        crie, criar, cria = create
    """),
    numbers=pairs("""
        um, uma = 1
        dois, duas, um par de = 2
        três = 3
        quatro = 4
        cinco = 5
        seis = 6
        sete = 7
        oito = 8
        nove = 9
        dez = 10
    """),
    not_create=word_list("""
        excluir, exclua, exclui, apagar, apague, apaga, remover, remova, remove,
        destruir, destrua, atualizar, atualize, atualiza, modificar, modifique, modifica,
        alterar, altere, altera, mudar, mude, redimensionar, escalar,
        explicar, explique, explica, por que, por quê, o que é, o que são,
        comparar, compare, compara, custo, custos, custa, custam, preço, preços,
        quanto, quanta, quantos, quantas, migrar, migre, importar, importe, converter, converta,
        revisar, revise, validar, valide, verificar, verifique
    """),
    vague=word_list("""
        vários, várias, muitos, muitas, alguns, algumas, uns, umas, múltiplos, múltiplas,
        onze, doze, treze, catorze, quatorze, quinze, dezesseis, vinte, trinta, quarenta,
        cinquenta, cem, centenas, mil, milhares, dúzia, dúzias, dezenas
    """),
    unsupported=pairs("""
        ip elástico, ips elásticos = eip
        escalonamento automático, dimensionamento automático = auto scaling
        balanceador de carga de aplicação, balanceador de carga de aplicativos = alb
        balanceador de carga de rede = nlb
        armazenamento de arquivos = nas
    """),
    allow=word_list("""
        permitir, permita, permite, permitam, permitindo, liberar, libere, libera, liberando,
        abrir, abra, abre, abrindo, aberto, aberta, abertos, abertas, habilitar, habilite
    """),
    named=word_list("chamado, chamada, com o nome, com nome, de nome, nomeado, nomeada"),
    regions=pairs("""
        pequim = cn-beijing
        singapura, cingapura = ap-southeast-1
        tóquio = ap-northeast-1
        seul = ap-northeast-2
        londres = eu-west-1
    """),
    markers=word_list("que, para, de, ao, pelo, pela, eu, meu, minha"),
    nouns_first=True,
)

LANGUAGES: dict[str, Language] = {
    "zh": _ZH,
    "ja": _JA,
    "es": _ES,
    "pt": _PT,  # before French and German: on a tie with Spanish, Spanish wins ("dos" = 2)
    "fr": _FR,
    "de": _DE,
}
