"""plan_from_text reads the same request the same way in all seven languages of the agent."""

# ruff: noqa: RUF001 - requests are written with the punctuation of their language

from __future__ import annotations

import pytest

from iaccode.agent.i18n_iac import iac_texts
from iaccode.agent.offline import HELP
from iaccode.iac import block_plan, block_words
from iaccode.iac.block_languages import LANGUAGES as VOCABULARIES
from iaccode.iac.block_spec import NetworkSpec
from iaccode.iac.blocks import BlockRequest, compose, plan_from_text
from tests.iac.test_blocks import assert_clean

LANGUAGES = ("zh", "ja", "es", "fr", "de", "pt")

# An English request and the same request in every other language.
SAME: dict[str, dict[str, str]] = {
    "Create a VPC with two vSwitches.": {
        "zh": "创建一个带两个交换机的VPC",
        "ja": "2つのvSwitchを持つVPCを作成してください",
        "es": "Cree una VPC con dos vSwitches.",
        "fr": "Créez un VPC avec deux vSwitches.",
        "de": "Erstelle eine VPC mit zwei vSwitches.",
        "pt": "Crie uma VPC com dois vSwitches.",
    },
    "A VPC with two ECS instances behind an SLB and a security group allowing HTTP and HTTPS": {
        "zh": "创建一个VPC，两台ECS实例挂在负载均衡后面，安全组允许HTTP和HTTPS",
        "ja": "VPCに2台のECSインスタンスをロードバランサーの背後に配置し、"
        "HTTPとHTTPSを許可するセキュリティグループを作成してください",
        "es": "Cree una VPC con dos instancias ECS detrás de un balanceador de carga y un grupo "
        "de seguridad que permita HTTP y HTTPS",
        "fr": "Créez un VPC avec deux instances ECS derrière un équilibreur de charge et un "
        "groupe de sécurité qui autorise HTTP et HTTPS",
        "de": "Erstelle eine VPC mit zwei ECS-Instanzen hinter einem Load Balancer und einer "
        "Sicherheitsgruppe, die HTTP und HTTPS erlaubt",
        "pt": "Crie uma VPC com duas instâncias ECS atrás de um balanceador de carga e um grupo "
        "de segurança que permita HTTP e HTTPS",
    },
    "An RDS MySQL 8.0 database with an account": {
        "zh": "创建一个RDS MySQL 8.0数据库，带一个账号",
        "ja": "アカウント付きのRDS MySQL 8.0データベースを作成してください",
        "es": "Una base de datos RDS MySQL 8.0 con una cuenta",
        "fr": "Une base de données RDS MySQL 8.0 avec un compte",
        "de": "Eine RDS-Datenbank mit MySQL 8.0 und einem Konto",
        "pt": "Um banco de dados RDS MySQL 8.0 com uma conta",
    },
    "An OSS bucket named my-logs": {
        "zh": "创建一个名为my-logs的OSS存储桶",
        "ja": "my-logsという名前のOSSバケットを作成してください",
        "es": "Un bucket OSS llamado my-logs",
        "fr": "Un bucket OSS nommé my-logs",
        "de": "Ein OSS-Bucket namens my-logs",
        "pt": "Um bucket OSS chamado my-logs",
    },
    "A VPC across two zones": {
        "zh": "创建一个跨两个可用区的VPC",
        "ja": "2つのゾーンにまたがるVPCを作成してください",
        "es": "Una VPC en dos zonas",
        "fr": "Un VPC sur deux zones",
        "de": "Eine VPC über zwei Zonen",
        "pt": "Uma VPC em duas zonas",
    },
    "Three web servers with public IPs across three zones in cn-hangzhou, allowing SSH": {
        "zh": "在cn-hangzhou创建三台带公网IP的Web服务器，分布在三个可用区，允许SSH",
        "ja": "cn-hangzhouで、パブリックIP付きのWebサーバーを3台、3つのゾーンにまたがって作成し、"
        "SSHを許可してください",
        "es": "Tres servidores web con IPs públicas en tres zonas en cn-hangzhou, que permitan SSH",
        "fr": "Trois serveurs web avec des IP publiques sur trois zones dans cn-hangzhou, "
        "autorisant SSH",
        "de": "Drei Webserver mit öffentlichen IPs über drei Zonen in cn-hangzhou, SSH erlauben",
        "pt": "Três servidores web com IPs públicos em três zonas em cn-hangzhou, permitindo SSH",
    },
    "A security group that opens ports 22 and 443": {
        "zh": "创建一个安全组，开放22和443端口",
        "ja": "22番ポートと443番ポートを開放するセキュリティグループ",
        "es": "Un grupo de seguridad con los puertos 22 y 443 abiertos",
        "fr": "Un groupe de sécurité avec les ports 22 et 443 ouverts",
        "de": "Eine Sicherheitsgruppe mit offenen Ports 22 und 443",
        "pt": "Um grupo de segurança com as portas 22 e 443 abertas",
    },
    "A public-read OSS bucket and a PostgreSQL 15 database": {
        "zh": "一个公共读的OSS存储桶和一个PostgreSQL 15数据库",
        "ja": "パブリック読み取りのOSSバケットとPostgreSQL 15のデータベース",
        "es": "Un bucket OSS de lectura pública y una base de datos PostgreSQL 15",
        "fr": "Un bucket OSS en lecture publique et une base de données PostgreSQL 15",
        "de": "Ein öffentlich lesbarer OSS-Bucket und eine PostgreSQL-15-Datenbank",
        "pt": "Um bucket OSS de leitura pública e um banco de dados PostgreSQL 15",
    },
}

CASES = [
    pytest.param(english, translations[language], id=f"{language}: {english[:40]}")
    for english, translations in SAME.items()
    for language in LANGUAGES
]


@pytest.mark.parametrize(("english", "translated"), CASES)
def test_the_same_request_in_each_language_gives_the_same_plan(
    english: str, translated: str
) -> None:
    expected = plan_from_text(english)
    assert expected is not None
    assert plan_from_text(translated) == expected
    assert_clean(compose(expected))


# Word orders and words the translations above do not show.
VARIANTS = [
    ("ECSインスタンスを2台とSLB", "two ECS instances and an SLB"),
    ("VPCとvSwitchを2つ作成して", "a VPC and two vSwitches"),
    ("两台带公网IP的ECS实例", "two ECS instances with public IPs"),
    ("新建专有网络，包含2个虚拟交换机和一台云服务器", "a VPC with 2 vswitches and a server"),
    ("安全组放行端口22和443", "a security group allowing ports 22 and 443"),
    ("双可用区的VPC", "a VPC across two zones"),
    ("在杭州创建一个VPC", "a VPC in cn-hangzhou"),
    ("华东2（上海）的OSS存储桶", "an OSS bucket in cn-shanghai"),
    ("東京リージョンにECSを1台", "an ECS instance in ap-northeast-1"),
    ("Create a VPC in Hangzhou with two vSwitches", "a VPC with two vSwitches in cn-hangzhou"),
    ("VPC 10.0.0.0/16，三个交换机", "a VPC 10.0.0.0/16 with three vswitches"),
    ("一个MySQL5.7数据库", "a MySQL 5.7 database"),
    ("Una red con dos subredes", "a network with two subnets"),
    ("Un réseau avec deux sous-réseaux", "a network with two subnets"),
    ("Ein Netzwerk mit zwei Subnetzen", "a network with two subnets"),
    ("Uma rede com duas sub-redes", "a network with two subnets"),
    ("Crie uma VPC com vSwitches nas duas zonas", "a VPC with vSwitches in two zones"),
    ("Um balanceador de carga na frente dos servidores", "a load balancer in front of servers"),
    (
        "Eine Sicherheitsgruppe, die SSH, HTTP und HTTPS erlaubt",
        "a security group allowing ssh, http and https",
    ),
    ("Zwei Server hinter einem Load Balancer", "two servers behind a load balancer"),
    ("Lege eine VPC mit einer ECS-Instanz an", "a VPC with an ECS instance"),
    ("Un servidor y un grupo de seguridad que permita el escritorio remoto", "a server, allow rdp"),
    (
        "Un VPC et une base de données MySQL avec un compte",
        "a VPC and a MySQL database with an account",
    ),
    ("Una instancia RDS MySQL con una base de datos", "an RDS MySQL instance with a database"),
    ("Une instance de base de données MySQL 5.7", "a MySQL 5.7 database instance"),
    (
        "Duas instâncias ECS e uma instância RDS PostgreSQL 14",
        "two ECS instances and RDS PostgreSQL 14",
    ),
    ("Crée une VPC avec un serveur et une IP publique", "a VPC with a server with a public IP"),
]


@pytest.mark.parametrize(("text", "english"), VARIANTS, ids=[text for text, _ in VARIANTS])
def test_variants_read_like_english(text: str, english: str) -> None:
    expected = plan_from_text(english)
    assert expected is not None
    assert plan_from_text(text) == expected


DECLINED: dict[str, list[str]] = {
    "zh": [
        "删除我的VPC",
        "解释一下什么是交换机",
        "一台ECS实例多少钱？",
        "几台ECS实例",
        "十一台ECS实例",
        "杭州今天天气怎么样？",
        "名为Bad_Name的存储桶",
        "MySQL 9.9数据库",
        "在杭州和上海各创建一个VPC",
        "VPC，两个",
    ],
    "ja": [
        "VPCを削除して",
        "vSwitchとは何か説明して",
        "ECSインスタンスの料金はいくら？",
        "複数のECSインスタンス",
        "11台のサーバー",
        "今日の東京の天気は？",
        "Bad_Nameという名前のバケット",
    ],
    "es": [
        "Elimina mi VPC",
        "Explica qué es un vSwitch",
        "¿Cuánto cuesta una instancia ECS?",
        "varios servidores",
        "once instancias ECS",
        "Escribe un poema",
        "Un bucket llamado Bad_Name",
    ],
    "fr": [
        "Supprimez mon VPC",
        "Expliquez ce qu'est un vSwitch",
        "Combien coûte une instance ECS ?",
        "plusieurs serveurs",
        "onze instances ECS",
        "Écris-moi un poème",
        "Un bucket nommé Bad_Name",
    ],
    "de": [
        "Lösche meine VPC",
        "Erkläre, was ein vSwitch ist",
        "Was kostet eine ECS-Instanz?",
        "mehrere Server",
        "elf ECS-Instanzen",
        "Schreib mir ein Gedicht",
        "Ein Bucket namens Bad_Name",
    ],
    "pt": [
        "Exclua minha VPC",
        "Explique o que é um vSwitch",
        "Quanto custa uma instância ECS?",
        "vários servidores",
        "onze instâncias ECS",
        "Escreva um poema",
        "Um bucket chamado Bad_Name",
        "Crie uma VPC e um NAS",
    ],
    "en": [
        "Create a VPC con dos vSwitches",  # count words of a language the request is not read in
        "Zwei Server and a load balancer",
    ],
}


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(text, id=f"{lang}: {text}")
        for lang, texts in DECLINED.items()
        for text in texts
    ],
)
def test_what_is_not_a_request_to_create_is_declined(text: str) -> None:
    assert plan_from_text(text) is None


# The example the offline help gives in each language works, and reads as the English one.
HELP_EXAMPLES = {
    "zh": "创建一个带两个交换机的VPC",
    "ja": "2つのvSwitchを持つVPCを作成してください",
    "es": "Cree una VPC con dos vSwitches.",
    "fr": "Créez un VPC avec deux vSwitches.",
    "de": "Erstelle eine VPC mit zwei vSwitches.",
    "pt": "Crie uma VPC com dois vSwitches.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_example_works(language: str) -> None:
    help_text = iac_texts(language)[HELP]
    example = HELP_EXAMPLES[language]
    assert example in help_text
    assert "Create a VPC" not in help_text  # the example is in the user's language
    english = plan_from_text("Create a VPC with two vSwitches.")
    assert english == BlockRequest(network=NetworkSpec(vswitches=2))
    assert plan_from_text(example) == english


@pytest.mark.parametrize("language", LANGUAGES)
def test_local_product_names_read_as_products(language: str) -> None:
    table = block_plan._TABLES[language]
    for name in VOCABULARIES[language].unsupported:
        reading = table.rewrite(block_plan._key(name))
        products = (
            block_words._UNSUPPORTED,
            block_words._EIP,
            block_words._SLS,
            block_words._RAM_ROLE,
            block_words._ALB,
            block_words._ACK,
            block_words._ESS,
        )
        assert any(product.search(reading) for product in products), (name, reading)


def test_every_language_is_covered() -> None:
    from iaccode.agent.i18n import LANGUAGES as AGENT_LANGUAGES

    assert {"en", *VOCABULARIES} == set(AGENT_LANGUAGES)
