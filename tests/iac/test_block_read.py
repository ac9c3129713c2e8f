"""Every part of a request is applied, named as not applied, or blocks the template: checked on
the template's content, in all seven languages."""

# ruff: noqa: RUF001 - requests are written with the punctuation of their language

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iaccode.iac.block_plan import read_request, request_language
from iaccode.iac.block_read import Reading
from iaccode.iac.block_spec import WEB_PORTS
from iaccode.iac.blocks import compose
from iaccode.iac.msg import Msg
from iaccode.iac.tf_out import to_terraform
from tests.iac.test_blocks import assert_clean, of_type


def read(text: str) -> Reading:
    reading = read_request(text)
    assert reading is not None, text
    return reading


def built(text: str) -> tuple[Reading, dict[str, Any]]:
    reading = read(text)
    assert reading.request is not None, (text, reading.blocked)
    template = compose(reading.request)
    assert_clean(template)
    return reading, template


def ingress(template: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        rule
        for group in of_type(template, "ALIYUN::ECS::SecurityGroup").values()
        for rule in group["Properties"].get("SecurityGroupIngress", [])
    ]


def port_of(rule: dict[str, Any]) -> int:
    return int(rule["PortRange"].split("/")[0])


def opened(template: dict[str, Any]) -> set[int]:
    return {port_of(rule) for rule in ingress(template)}


def parameter_default(template: dict[str, Any], name: str) -> Any:
    return template["Parameters"][name].get("Default")


# "Two ecs.g7.large instances with a 100 GB data disk, HTTPS only, no SSH."
INSTANCES_HTTPS_ONLY = {
    "en": "Create two ecs.g7.large instances with a 100 GB data disk, HTTPS only, no SSH",
    "zh": "创建两台ecs.g7.large服务器，每台带一块100GB数据盘，不要开放SSH，只允许HTTPS",
    "ja": "2台のecs.g7.largeインスタンスを作成し、100GBのデータディスクを付け、"
    "HTTPSのみ許可し、SSHは不要です",
    "de": "Erstelle zwei ecs.g7.large Instanzen mit je einem Datenträger von 100 GB, nur HTTPS, "
    "kein SSH",
    "es": "Crea dos instancias ecs.g7.large con un disco de datos de 100 GB, solo HTTPS, sin SSH",
    "fr": "Créez deux instances ecs.g7.large avec un disque de données de 100 Go, uniquement "
    "HTTPS, sans SSH",
    "pt": "Crie duas instâncias ecs.g7.large com um disco de dados de 100 GB, apenas HTTPS, "
    "sem SSH",
}


@pytest.mark.parametrize("language", sorted(INSTANCES_HTTPS_ONLY))
def test_types_counts_disks_and_negations_are_applied(language: str) -> None:
    reading, template = built(INSTANCES_HTTPS_ONLY[language])
    assert reading.language == language
    groups = of_type(template, "ALIYUN::ECS::InstanceGroup").values()
    assert sum(group["Properties"]["MaxAmount"] for group in groups) == 2
    assert parameter_default(template, "InstanceType") == "ecs.g7.large"
    for group in groups:
        assert [disk["Size"] for disk in group["Properties"]["DiskMappings"]] == ["100"]
    assert opened(template) == {443}  # HTTPS only: neither SSH nor a default web port
    assert reading.unapplied == ()


# "A security group that allows SSH and HTTPS": SSH reaches only the AdminCidr parameter.
SSH_AND_HTTPS = {
    "en": "A security group that allows SSH and HTTPS",
    "zh": "创建一个安全组，允许SSH和HTTPS",
    "ja": "SSHとHTTPSを許可するセキュリティグループ",
    "de": "Eine Sicherheitsgruppe, die SSH und HTTPS erlaubt",
    "es": "Un grupo de seguridad que permita SSH y HTTPS",
    "fr": "Un groupe de sécurité qui autorise SSH et HTTPS",
    "pt": "Um grupo de segurança que permita SSH e HTTPS",
}


@pytest.mark.parametrize("language", sorted(SSH_AND_HTTPS))
def test_management_ports_are_never_open_to_the_internet_by_default(language: str) -> None:
    _, template = built(SSH_AND_HTTPS[language])
    rules = {port_of(rule): rule["SourceCidrIp"] for rule in ingress(template)}
    assert rules[443] == "0.0.0.0/0"
    assert rules[22] == {"Ref": "AdminCidr"}
    assert "Default" not in template["Parameters"]["AdminCidr"]


# "Two servers behind a load balancer, no HTTP and no HTTPS": the listener has no port left.
NO_WEB = {
    "en": "Two servers behind a load balancer, no HTTP and no HTTPS",
    "zh": "两台服务器挂在负载均衡后面，禁止HTTP，禁止HTTPS",
    "ja": "ロードバランサーの背後に2台のサーバー、HTTPは不要、HTTPSは不要",
    "de": "Zwei Server hinter einem Load Balancer, kein HTTP und kein HTTPS",
    "es": "Dos servidores detrás de un balanceador de carga, sin HTTP y sin HTTPS",
    "fr": "Deux serveurs derrière un équilibreur de charge, sans HTTP et sans HTTPS",
    "pt": "Dois servidores atrás de um balanceador de carga, sem HTTP e sem HTTPS",
}


@pytest.mark.parametrize("language", sorted(NO_WEB))
def test_a_restriction_that_cannot_be_honoured_blocks_the_template(language: str) -> None:
    reading = read(NO_WEB[language])
    assert reading.request is None and reading.blocked


# "A VPC and a CDN": the VPC is built, the CDN is named as not applied.
PARTIAL = {
    "en": "Create a VPC and a CDN",
    "zh": "创建一个VPC和一个CDN",
    "ja": "VPCとCDNを作成してください",
    "de": "Erstelle eine VPC und ein CDN",
    "es": "Cree una VPC y una CDN",
    "fr": "Créez un VPC et un CDN",
    "pt": "Crie uma VPC e uma CDN",
}


@pytest.mark.parametrize("language", sorted(PARTIAL))
def test_partial_requests_build_what_they_can_and_name_the_rest(language: str) -> None:
    reading, template = built(PARTIAL[language])
    assert of_type(template, "ALIYUN::ECS::VPC")
    assert [item.part for item in reading.unapplied] == ["cdn"]
    assert not reading.complete


# "An ECS instance, as Terraform" / "... as JSON".
FORMATS = {
    "en": ("An ECS instance as Terraform", "An ECS instance as JSON"),
    "zh": ("用Terraform创建一台ECS实例", "以JSON格式创建一台ECS实例"),
    "ja": ("TerraformでECSインスタンスを1台作成", "JSONでECSインスタンスを1台作成"),
    "de": ("Eine ECS-Instanz als Terraform", "Eine ECS-Instanz als JSON"),
    "es": ("Una instancia ECS en Terraform", "Una instancia ECS en JSON"),
    "fr": ("Créez une instance ECS en Terraform", "Créez une instance ECS en JSON"),
    "pt": ("Uma instância ECS em Terraform", "Uma instância ECS em JSON"),
}


@pytest.mark.parametrize("language", sorted(FORMATS))
def test_the_output_format_is_read(language: str) -> None:
    terraform, as_json = FORMATS[language]
    assert read(terraform).output == "terraform"
    assert read(as_json).output == "json"


@pytest.mark.parametrize(
    ("text", "language"),
    [(text, language) for texts in (PARTIAL, SSH_AND_HTTPS) for language, text in texts.items()],
)
def test_the_request_language_is_told(text: str, language: str) -> None:
    assert request_language(text) == language


def test_names_tags_zones_sources_and_images() -> None:
    reading, template = built(
        "an Ubuntu 22.04 web server in cn-hangzhou-h with a 40 GB system disk, allow SSH from "
        "10.0.0.0/8, named shop, tags env=prod and team=web"
    )
    assert parameter_default(template, "ImageId") == "ubuntu_22_04_x64_20G_alibase_*"
    assert parameter_default(template, "ZoneId1") == "cn-hangzhou-h"
    (group,) = of_type(template, "ALIYUN::ECS::InstanceGroup").values()
    assert group["Properties"]["SystemDiskSize"] == 40
    assert group["Properties"]["InstanceName"] == "shop"
    assert {"Key": "env", "Value": "prod"} in group["Properties"]["Tags"]
    assert [rule["SourceCidrIp"] for rule in ingress(template)] == ["10.0.0.0/8"]
    assert reading.request is not None and reading.request.region == "cn-hangzhou"


def test_vcpu_and_memory_choose_an_instance_type() -> None:
    _, template = built("a server with 4 vCPUs and 16 GB memory")
    assert parameter_default(template, "InstanceType") == "ecs.g7.xlarge"


# "A Kubernetes cluster with 4 nodes".
KUBERNETES = {
    "en": "A Kubernetes cluster with 4 nodes",
    "zh": "创建一个4个节点的Kubernetes集群",
    "ja": "4ノードのKubernetesクラスターを作成",
    "de": "Ein Kubernetes-Cluster mit 4 Knoten",
    "es": "Un clúster de Kubernetes con 4 nodos",
    "fr": "Un cluster Kubernetes avec 4 nœuds",
    "pt": "Um cluster Kubernetes com 4 nodes",
}


@pytest.mark.parametrize("language", sorted(KUBERNETES))
def test_a_kubernetes_cluster_gets_its_node_pool(language: str) -> None:
    _, template = built(KUBERNETES[language])
    (cluster,) = of_type(template, "ALIYUN::CS::ManagedKubernetesCluster").values()
    assert cluster["Properties"]["EndpointPublicAccess"] is False
    (pool,) = of_type(template, "ALIYUN::CS::ClusterNodePool").values()
    assert pool["Properties"]["Count"] == 4


# "An auto scaling group of 2 to 6 servers behind a load balancer, HTTPS only".
SCALING = {
    "en": "An auto scaling group of 2 to 6 servers behind a load balancer, HTTPS only",
    "zh": "创建一个弹性伸缩组，2到6台服务器，挂在负载均衡后面，只允许HTTPS",
    "ja": "ロードバランサーの背後にオートスケーリンググループ（min 2 max 6）、HTTPSのみ",
    "de": "Eine Autoskalierung von 2 bis 6 Servern hinter einem Load Balancer, nur HTTPS",
    "es": "Un grupo de escalado automático de 2 a 6 servidores detrás de un balanceador de carga, "
    "solo HTTPS",
    "fr": "Un groupe de mise à l'échelle automatique de 2 à 6 serveurs derrière un équilibreur de "
    "charge, uniquement HTTPS",
    "pt": "Um grupo de escalonamento automático de 2 a 6 servidores atrás de um balanceador de "
    "carga, apenas HTTPS",
}


@pytest.mark.parametrize("language", sorted(SCALING))
def test_an_auto_scaling_group_replaces_fixed_instances(language: str) -> None:
    _, template = built(SCALING[language])
    (group,) = of_type(template, "ALIYUN::ESS::ScalingGroup").values()
    assert (group["Properties"]["MinSize"], group["Properties"]["MaxSize"]) == (2, 6)
    assert group["Properties"]["LoadBalancerIds"] == [{"Ref": "LoadBalancer"}]
    assert not of_type(template, "ALIYUN::ECS::InstanceGroup")
    assert opened(template) == {443}


# "An application load balancer in front of two servers".
ALB = {
    "en": "An application load balancer in front of two servers",
    "zh": "两台服务器前面放一个应用型负载均衡",
    "ja": "2台のサーバーの前にアプリケーションロードバランサーを置いて",
    "de": "Ein Application Load Balancer vor zwei Servern",
    "es": "Un balanceador de carga de aplicaciones delante de dos servidores",
    "fr": "Un équilibreur de charge d'application devant deux serveurs",
    "pt": "Um balanceador de carga de aplicação na frente de dois servidores",
}


@pytest.mark.parametrize("language", sorted(ALB))
def test_an_alb_forwards_to_the_instances(language: str) -> None:
    _, template = built(ALB[language])
    assert of_type(template, "ALIYUN::ALB::LoadBalancer")
    assert not of_type(template, "ALIYUN::SLB::LoadBalancer")  # an ALB is no classic SLB
    (attachment,) = of_type(template, "ALIYUN::ALB::BackendServerAttachment").values()
    assert len(attachment["Properties"]["Servers"]) == 2
    sources = {port_of(rule): rule["SourceCidrIp"] for rule in ingress(template)}
    assert sources == {80: "192.168.0.0/16"}  # the backends accept HTTP from the VPC only


@pytest.mark.parametrize(
    ("text", "types"),
    [
        (
            "A VPC with a NAT gateway",
            {"ALIYUN::VPC::NatGateway", "ALIYUN::VPC::EIP", "ALIYUN::VPC::SnatEntry"},
        ),
        ("An ECS instance with an EIP", {"ALIYUN::VPC::EIP", "ALIYUN::VPC::EIPAssociation"}),
        ("A Redis 6.0 instance", {"ALIYUN::REDIS::Instance"}),
        ("A PolarDB for PostgreSQL 14 cluster", {"ALIYUN::POLARDB::DBCluster"}),
        ("An SLS log project keeping logs 90 days", {"ALIYUN::SLS::Project"}),
        ("A RAM role", {"ALIYUN::RAM::Role"}),
    ],
)
def test_new_blocks(text: str, types: set[str]) -> None:
    _, template = built(text)
    assert types <= {resource["Type"] for resource in template["Resources"].values()}
    assert not of_type(template, "ALIYUN::RDS::DBInstance")  # PolarDB or Redis is no RDS


@pytest.mark.parametrize(
    "text",
    [
        "several servers",
        "a VPC in cn-hangzhou and one in cn-shanghai",
        "servers without public IP but with an EIP",
        "two servers and no VPC",
        "a Redis 9.9 instance",
    ],
)
def test_blocked(text: str) -> None:
    assert read(text).blocked


# Fragments of requests, combined at random: whatever the composer builds from them passes the
# checker, opens nothing that was ruled out, and opens only web ports to the internet.
FRAGMENTS = [
    "a VPC",
    "two servers",
    "three ECS instances",
    "a load balancer",
    "an internal load balancer",
    "allow SSH",
    "no SSH",
    "HTTPS only",
    "open port 8080",
    "no port 80",
    "not RDP",
    "allow RDP and HTTP",
    "with public IPs",
    "without a public IP",
    "an RDS MySQL database",
    "a NAT gateway",
    "a Redis instance",
    "with an EIP",
    "across two zones",
    "a 100 GB data disk",
    "ecs.c7.large",
    "named web",
    "tag env=prod",
    "in cn-hangzhou",
    "from 10.0.0.0/8",
    "highly available",
    "a bucket",
    "as JSON",
    "a Kubernetes cluster with 3 nodes",
    "an auto scaling group of 2 to 4 servers",
    "an application load balancer",
]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=5))
def test_no_template_widens_access(fragments: list[str]) -> None:
    text = ", ".join(fragments)
    reading = read_request(text)
    if reading is None or reading.request is None:
        return
    template = compose(reading.request)
    assert_clean(template)
    denied = {22} if "no SSH" in fragments else set()
    denied |= {80} if "no port 80" in fragments else set()
    denied |= {3389} if "not RDP" in fragments and "allow RDP and HTTP" not in fragments else set()
    assert not opened(template) & denied, (text, opened(template))
    # Open to the world: a web port, or a port a TCP listener forwards (the backend sees the
    # client's own address, so its group must let the world in on that port).
    listened = {
        entry["Properties"]["ListenerPort"]
        for entry in of_type(template, "ALIYUN::SLB::Listener").values()
    }
    for rule in ingress(template):
        if rule["SourceCidrIp"] == "0.0.0.0/0":
            assert port_of(rule) in WEB_PORTS | listened, text
    if "HTTPS only" in fragments and not {"allow SSH", "open port 8080", "allow RDP and HTTP"} & {
        *fragments
    }:
        # An ALB forwards HTTP to its backends from inside the VPC; nothing else is opened.
        vpc = template["Resources"]["Vpc"]["Properties"]["CidrBlock"]
        outside = {port_of(rule) for rule in ingress(template) if rule["SourceCidrIp"] != vpc}
        assert outside <= {443}, text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(max_size=300)
    | st.lists(st.sampled_from([*FRAGMENTS, "kein", "不要", "のみ"])).map(" ".join)
)
def test_any_text_reads_without_raising(text: str) -> None:
    reading = read_request(text)
    if reading is not None and reading.request is not None:
        template = compose(reading.request)
        assert_clean(template)
        to_terraform(template, reading.request.region)


def test_a_source_after_open_to_narrows_the_rule() -> None:
    _, template = built(
        "2 Windows Server 2019 machines with RDP open to my office 198.51.100.10/32"
    )
    assert [(port_of(rule), rule["SourceCidrIp"]) for rule in ingress(template)] == [
        (3389, "198.51.100.10/32")
    ]
    assert parameter_default(template, "ImageId").startswith("win2019_")


def test_a_load_balancer_listens_on_the_port_asked_for() -> None:
    _, template = built("a load balancer on port 8080 in front of 2 servers")
    assert list(of_type(template, "ALIYUN::SLB::Listener")) == ["Listener8080"]
    assert {port_of(rule): rule["SourceCidrIp"] for rule in ingress(template)} == {
        8080: "0.0.0.0/0"
    }


def test_ssh_stays_off_a_load_balancer() -> None:
    _, template = built("allow SSH and port 22, two servers behind a load balancer")
    assert list(of_type(template, "ALIYUN::SLB::Listener")) == ["Listener80"]
    assert {port_of(rule): rule["SourceCidrIp"] for rule in ingress(template)}[22] == {
        "Ref": "AdminCidr"
    }


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("two servers open on all ports", "all ports"),
        ("a server with WordPress", "wordpress"),
        ("an RDS MySQL database with 3 read replicas", "read replicas"),
        ("a static website on an OSS bucket", "static website"),
    ],
)
def test_what_the_blocks_do_not_do_is_named(text: str, part: str) -> None:
    reading, _ = built(text)
    assert part in [item.part for item in reading.unapplied]


def test_eip_bandwidth_key_pair_and_a_ram_role_for_ecs() -> None:
    _, template = built("an ECS instance with an EIP of 20 Mbps and a key pair")
    (eip,) = of_type(template, "ALIYUN::VPC::EIP").values()
    assert eip["Properties"]["Bandwidth"] == 20
    (group,) = of_type(template, "ALIYUN::ECS::InstanceGroup").values()
    assert group["Properties"]["KeyPairName"] == {"Ref": "KeyPairName"}
    _, role = built("a RAM role for function compute")
    assert not of_type(role, "ALIYUN::ECS::InstanceGroup")
    (entry,) = of_type(role, "ALIYUN::RAM::Role").values()
    statement = entry["Properties"]["AssumeRolePolicyDocument"]["Statement"][0]
    assert statement["Principal"]["Service"] == ["fc.aliyuncs.com"]


def test_a_source_narrows_only_the_port_of_its_clause() -> None:
    _, template = built(
        "open ports 22, 80 and 443 on two servers, but only allow ssh from 10.0.0.0/8"
    )
    assert {port_of(rule): rule["SourceCidrIp"] for rule in ingress(template)} == {
        22: "10.0.0.0/8",
        80: "0.0.0.0/0",
        443: "0.0.0.0/0",
    }


@pytest.mark.parametrize(
    ("text", "kind", "whitelist"),
    [
        ("A MySQL 5.7 database that is reachable only from 10.0.1.0/24", "RDS", "SecurityIPList"),
        ("a PolarDB cluster reachable from 10.0.2.0/24", "POLARDB", "SecurityIPList"),
    ],
)
def test_a_database_source_is_its_whitelist(text: str, kind: str, whitelist: str) -> None:
    _, template = built(text)
    (database,) = [
        entry
        for entry in template["Resources"].values()
        if entry["Type"].startswith(f"ALIYUN::{kind}::") and whitelist in entry["Properties"]
    ]
    assert database["Properties"][whitelist] == text.split()[-1]


@pytest.mark.parametrize(
    ("text", "instance_type", "disks"),
    [
        (
            "4 ECS instances with 2 vCPU and 8 GiB, each with two 50 GB data disks",
            "ecs.g7.large",
            2,
        ),
        ("创建两台4核8G的服务器", "ecs.c7.xlarge", 0),
        ("Tres servidores con 8 vCPU y 64 GB de memoria", "ecs.r7.2xlarge", 0),
    ],
)
def test_vcpus_and_memory_pick_the_family(text: str, instance_type: str, disks: int) -> None:
    _, template = built(text)
    assert parameter_default(template, "InstanceType") == instance_type
    for group in of_type(template, "ALIYUN::ECS::InstanceGroup").values():
        assert len(group["Properties"].get("DiskMappings", [])) == disks


# Requests read by a reviewer, not from the tests above: each a general cause, checked on the
# template's content.


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Port numbers right after the verb that opens them, without the word "port".
        (
            "I need 2 web servers with 100GB data disks each, open 80 and 443 to everyone, "
            "SSH from 10.10.0.0/16 only",
            {22: "10.10.0.0/16", 80: "0.0.0.0/0", 443: "0.0.0.0/0"},
        ),
        ("3 servers, allow 8443 from 10.0.0.0/8", {8443: "10.0.0.0/8"}),
        # A negation ends before a service its own words ask for.
        (
            "Necesito tres servidores ECS sin IP pública y SSH solo desde 10.0.0.0/8",
            {22: "10.0.0.0/8"},
        ),
        # Where traffic comes from, in words the tables leave as they are.
        ("需要2台ECS，只允许从10.0.0.0/8访问22端口", {22: "10.0.0.0/8"}),
        ("Dois servidores, SSH apenas de 10.0.0.0/8", {22: "10.0.0.0/8"}),
        # Words that rule out what stands before them.
        ("Três servidores, HTTP aberto para todos, SSH bloqueado", {80: "0.0.0.0/0"}),
        ("two servers, http open, ssh blocked", {80: "0.0.0.0/0"}),
        ("ECSを5台作って、SSHは禁止、HTTPとHTTPSは公開", {80: "0.0.0.0/0", 443: "0.0.0.0/0"}),
    ],
)
def test_reviewed_ports_and_sources(text: str, expected: dict[int, str]) -> None:
    reading, template = built(text)
    assert {port_of(rule): rule["SourceCidrIp"] for rule in ingress(template)} == expected
    assert not reading.unapplied, reading.unapplied


def test_a_vpc_block_after_de_stays_the_vpc() -> None:
    _, template = built("Una VPC de 10.0.0.0/16 con dos servidores")
    (vpc,) = of_type(template, "ALIYUN::ECS::VPC").values()
    assert vpc["Properties"]["CidrBlock"] == "10.0.0.0/16"


@pytest.mark.parametrize(
    ("text", "port"),
    [
        ("an ALB on 443 in front of an auto scaling group from 2 to 10 ecs.g7.large", 443),
        ("two servers behind a load balancer on 8080", 8080),
    ],
)
def test_a_load_balancer_on_a_bare_port(text: str, port: int) -> None:
    _, template = built(text)
    listeners = {
        **of_type(template, "ALIYUN::SLB::Listener"),
        **of_type(template, "ALIYUN::ALB::Listener"),
    }
    assert [entry["Properties"]["ListenerPort"] for entry in listeners.values()] == [port]


def test_ssh_narrowed_to_a_source_is_no_listener() -> None:
    _, template = built(
        "Drei Webserver hinter einem Load Balancer, HTTPS, kein HTTP, SSH nur aus 10.0.0.0/8"
    )
    (listener,) = of_type(template, "ALIYUN::SLB::Listener").values()
    assert listener["Properties"]["ListenerPort"] == 443
    assert {port_of(rule): rule["SourceCidrIp"] for rule in ingress(template)} == {
        22: "10.0.0.0/8",
        443: "0.0.0.0/0",
    }


@pytest.mark.parametrize(
    "text",
    [
        "Give me a NAT gateway with an EIP so my private ECS instances can reach the internet, "
        "4 instances, no public IPs",
        "需要一个NAT网关和EIP，2台ECS",
    ],
)
def test_the_nat_gateways_eip_is_no_instance_eip(text: str) -> None:
    _, template = built(text)
    assert list(of_type(template, "ALIYUN::VPC::EIP")) == ["NatEip"]
    for group in of_type(template, "ALIYUN::ECS::InstanceGroup").values():
        assert "InternetMaxBandwidthOut" not in group["Properties"]


@pytest.mark.parametrize(
    "text",
    [
        "Deploy a bastion host with a public IP and two private app servers",
        "a VPC with a NAT gateway and 2 private servers, plus a bastion with an EIP",
    ],
)
def test_private_servers_get_no_public_ip_of_a_bastion(text: str) -> None:
    reading, template = built(text)
    groups = of_type(template, "ALIYUN::ECS::InstanceGroup").values()
    assert sum(group["Properties"]["MaxAmount"] for group in groups) == 3
    for group in groups:
        assert "InternetMaxBandwidthOut" not in group["Properties"]
    assert list(of_type(template, "ALIYUN::VPC::EIP")) in ([], ["NatEip"])
    assert Msg("public IP") in [item.part for item in reading.unapplied]


@pytest.mark.parametrize(
    "text",
    [
        "Create an ACK cluster with 3 worker nodes of type ecs.g7.xlarge, no SSH access",
        "帮我搭一个 Kubernetes 集群，5 个节点，节点规格 ecs.g7.2xlarge",
    ],
)
def test_a_node_type_is_no_instance(text: str) -> None:
    _, template = built(text)
    assert not of_type(template, "ALIYUN::ECS::InstanceGroup")
    assert not of_type(template, "ALIYUN::ECS::SecurityGroup")
    (pool,) = of_type(template, "ALIYUN::CS::ClusterNodePool").values()
    (node_type,) = pool["Properties"]["ScalingGroup"]["InstanceTypes"]
    assert parameter_default(template, node_type["Ref"]).startswith("ecs.g7.")


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Quiero un bucket OSS llamado datos-clientes y una función Lambda", "lambda"),
        ("two ecs.g7.large servers and a MongoDB database, no public IPs", "mongodb"),
    ],
)
def test_an_unsupported_product_is_named_and_not_built_as_another(text: str, part: str) -> None:
    reading, template = built(text)
    assert part in [item.part for item in reading.unapplied]
    assert not of_type(template, "ALIYUN::RDS::DBInstance")


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("高可用的web架构：ALB + 弹性伸缩 2到6台，只开放443", 2, 6),
        ("弹性伸缩组，最少2台最多6台", 2, 6),
        ("オートスケーリング 2〜6台、ALB経由でHTTPSのみ", 2, 6),
    ],
)
def test_a_range_of_counted_instances_sizes_the_scaling_group(
    text: str, low: int, high: int
) -> None:
    _, template = built(text)
    (group,) = of_type(template, "ALIYUN::ESS::ScalingGroup").values()
    assert (group["Properties"]["MinSize"], group["Properties"]["MaxSize"]) == (low, high)
    assert opened(template) <= {80, 443}


@pytest.mark.parametrize(
    "text", ["create 2 to 6 servers", "between 2 and 6 servers behind an SLB", "创建2到6台服务器"]
)
def test_a_range_of_instances_without_scaling_is_no_count(text: str) -> None:
    reading = read(text)
    assert reading.request is None and reading.blocked


def test_a_port_and_a_count_are_no_range() -> None:
    _, template = built("port 443 to 3 servers behind an SLB")
    groups = of_type(template, "ALIYUN::ECS::InstanceGroup").values()
    assert sum(group["Properties"]["MaxAmount"] for group in groups) == 3


@pytest.mark.parametrize(
    "text", ["open ports 8000 to 8080 on 2 servers", "Zwei Server, Ports 8000-8080 offen"]
)
def test_a_port_range_is_named_not_read_as_its_first_port(text: str) -> None:
    reading, template = built(text)
    assert not ingress(template)
    assert len(reading.unapplied) == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A CIDR right after the verb that allows it is a source, never a port.
        ("部署RDS MySQL 5.7，只允许 192.168.10.0/24 访问", {}),
        # A CIDR a service is limited to ("SSHは…のみ"), and "open to" in other words.
        ("ECSインスタンスを2台、SSHは203.0.113.0/24のみ", {22: "203.0.113.0/24"}),
        ("Dois servidores Windows com RDP aberto para 198.51.100.0/24", {3389: "198.51.100.0/24"}),
    ],
)
def test_reviewed_sources_are_not_the_vpc(text: str, expected: dict[int, str]) -> None:
    _, template = built(text)
    assert {port_of(rule): rule["SourceCidrIp"] for rule in ingress(template)} == expected
    (vpc,) = of_type(template, "ALIYUN::ECS::VPC").values()
    assert vpc["Properties"]["CidrBlock"] == "192.168.0.0/16"
    for database in of_type(template, "ALIYUN::RDS::DBInstance").values():
        assert database["Properties"]["SecurityIPList"] == "192.168.10.0/24"


def test_memory_in_ram_is_no_ram_role() -> None:
    _, template = built("Une VM Ubuntu avec 4 vCPU et 16 Go de RAM, HTTP et HTTPS ouverts")
    assert not of_type(template, "ALIYUN::RAM::Role")
    assert parameter_default(template, "InstanceType") == "ecs.g7.xlarge"


def test_polardb_for_postgresql_in_german_is_one_polardb_cluster() -> None:
    _, template = built("Ein Redis 7.0 und eine PolarDB für PostgreSQL, beides ohne Internetzugang")
    assert not of_type(template, "ALIYUN::RDS::DBInstance")
    (cluster,) = of_type(template, "ALIYUN::POLARDB::DBCluster").values()
    assert cluster["Properties"]["DBType"] == "PostgreSQL"


def test_an_alb_on_another_port_blocks_with_that_port() -> None:
    reading = read("ALBの後ろにECSを2台、ポート8080、タグ project=demo")
    assert reading.request is None
    assert [message.template for message in reading.blocked] == [
        "The application load balancer listens on 80 or 443 here, and the request asks for "
        "port(s) {ports}."
    ]


def test_a_node_count_without_kubernetes_is_named() -> None:
    reading, template = built("PolarDB MySQL cluster with 2 nodes, reachable only from 10.0.0.0/16")
    assert "2 nodes" in [item.part for item in reading.unapplied]
    (cluster,) = of_type(template, "ALIYUN::POLARDB::DBCluster").values()
    assert cluster["Properties"]["SecurityIPList"] == "10.0.0.0/16"


def test_an_alb_needs_the_http_port_it_forwards() -> None:
    reading = read("two servers, no port 80, an application load balancer")
    assert reading.request is None and reading.blocked


def test_six_nodes_in_portuguese_are_the_clusters_nodes() -> None:
    _, template = built("Quero um cluster Kubernetes com 6 nós ecs.c7.xlarge e um bucket OSS")
    (pool,) = of_type(template, "ALIYUN::CS::ClusterNodePool").values()
    assert pool["Properties"]["Count"] == 6
    assert not of_type(template, "ALIYUN::ECS::InstanceGroup")


def test_a_redis_source_is_named_as_not_applied() -> None:
    reading, template = built(
        "Set up an RDS MySQL 8.0 instance and a Redis cache, accessible only from 172.16.0.0/12"
    )
    (database,) = of_type(template, "ALIYUN::RDS::DBInstance").values()
    assert database["Properties"]["SecurityIPList"] == "172.16.0.0/12"
    assert Msg("Redis reachable from {source} only", source="172.16.0.0/12") in [
        item.part for item in reading.unapplied
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A trailing "blocked" rules out the services right before it, not its clause.
        ("Una base PolarDB para PostgreSQL y dos servidores con SSH bloqueado", {}),
        ("Um servidor, SSH só de 200.1.2.3/32", {22: "200.1.2.3/32"}),
    ],
)
def test_reviewed_trailing_words(text: str, expected: dict[int, str]) -> None:
    _, template = built(text)
    assert {port_of(rule): rule["SourceCidrIp"] for rule in ingress(template)} == expected
    assert of_type(template, "ALIYUN::ECS::InstanceGroup")


def test_a_database_limited_to_a_cidr_in_japanese() -> None:
    _, template = built("RDSとOSSバケットを作成、RDSは10.0.0.0/8のみ")
    (database,) = of_type(template, "ALIYUN::RDS::DBInstance").values()
    assert database["Properties"]["SecurityIPList"] == "10.0.0.0/8"


def test_the_vpc_cidr_also_named_as_a_source() -> None:
    _, template = built("a VPC 10.0.0.0/16, two vswitches, port 5432 open to 10.0.0.0/16")
    (vpc,) = of_type(template, "ALIYUN::ECS::VPC").values()
    assert vpc["Properties"]["CidrBlock"] == "10.0.0.0/16"


def test_a_bastions_eip_is_not_given_to_the_backends() -> None:
    reading, template = built(
        "three servers behind an internet-facing SLB listening on 443 "
        "and a bastion host with an EIP"
    )
    assert not of_type(template, "ALIYUN::VPC::EIP")
    assert Msg("public IP") in [item.part for item in reading.unapplied]


# "An OSS bucket with versioning and encryption, a 30-day lifecycle rule, and a RAM user with
# read-only access."
BUCKET_AND_USER = {
    "en": "Create an OSS bucket with versioning and encryption and a lifecycle rule that deletes "
    "objects after 30 days, plus a RAM user with read-only access to it",
    "zh": "创建一个开启版本控制和服务端加密的 OSS 存储桶，生命周期 30 天，以及一个只读的 RAM 用户",
    "ja": "バージョン管理と暗号化を有効にした OSS バケット、30 日のライフサイクル、読み取り専用の "
    "RAM ユーザーを作成して",
    "de": "Erstelle einen OSS-Bucket mit Versionierung und Verschlüsselung, eine "
    "Lebenszyklusregel von 30 Tagen, und einen RAM-Benutzer mit Lesezugriff",
    "es": "Crea un bucket OSS con control de versiones y cifrado, un ciclo de vida de 30 días y "
    "un usuario RAM con acceso de solo lectura",
    "fr": "Crée un bucket OSS avec versionnage et chiffrement, une règle de cycle de vie de 30 "
    "jours et un utilisateur RAM avec accès en lecture seule",
    "pt": "Crie um bucket OSS com versionamento e criptografia, um ciclo de vida de 30 dias e um "
    "usuário RAM com acesso somente leitura",
}


@pytest.mark.parametrize("language", sorted(BUCKET_AND_USER))
def test_a_bucket_keeps_versions_expires_objects_and_a_ram_user_may_read_it(
    language: str,
) -> None:
    reading, template = built(BUCKET_AND_USER[language])
    assert not reading.unapplied
    (bucket,) = of_type(template, "ALIYUN::OSS::Bucket").values()
    properties = bucket["Properties"]
    assert properties["VersioningConfiguration"] == {"Status": "Enabled"}
    assert properties["ServerSideEncryptionConfiguration"] == {"SSEAlgorithm": "AES256"}
    (rule,) = properties["LifecycleConfiguration"]["Rule"]
    assert (rule["Status"], rule["Prefix"], rule["Expiration"]) == ("Enabled", "", {"Days": 30})
    # A user, not a role; its policy reads the stack's bucket and nothing else.
    assert not of_type(template, "ALIYUN::RAM::Role")
    (user,) = of_type(template, "ALIYUN::RAM::User").values()
    assert set(user["Properties"]) == {"UserName"}  # no password, no access key
    (policy,) = of_type(template, "ALIYUN::RAM::ManagedPolicy").values()
    (statement,) = policy["Properties"]["PolicyDocument"]["Statement"]
    assert statement["Action"] == ["oss:Get*", "oss:List*"]
    bucket_name = {"Fn::GetAtt": ["Bucket", "Name"]}
    assert statement["Resource"] == [
        {"Fn::Join": ["", ["acs:oss:*:*:", bucket_name]]},
        {"Fn::Join": ["", ["acs:oss:*:*:", bucket_name, "/*"]]},
    ]
    (attach,) = of_type(template, "ALIYUN::RAM::AttachPolicyToUser").values()
    assert attach["Properties"]["UserName"] == {"Fn::GetAtt": ["RamUser", "UserName"]}
    assert attach["Properties"]["PolicyType"] == "Custom"


@pytest.mark.parametrize(
    ("text", "actions"),
    [
        ("an OSS bucket and a RAM user with full access to it", ["oss:*"]),
        ("an OSS bucket and a RAM user who can read it", ["oss:Get*", "oss:List*"]),
    ],
)
def test_the_ram_users_access_is_what_was_asked(text: str, actions: list[str]) -> None:
    _, template = built(text)
    (policy,) = of_type(template, "ALIYUN::RAM::ManagedPolicy").values()
    assert policy["Properties"]["PolicyDocument"]["Statement"][0]["Action"] == actions


def test_a_ram_user_alone_gets_no_policy_and_its_user_is_no_database_account() -> None:
    _, alone = built("a RAM user")
    assert set(of_type(alone, "ALIYUN::RAM::User")) == {"RamUser"}
    assert not of_type(alone, "ALIYUN::RAM::ManagedPolicy")
    reading, template = built("a MySQL database and a RAM user with read access")
    assert not of_type(template, "ALIYUN::RDS::Account")  # "user" was the RAM user's
    assert Msg("bucket access") in [item.part for item in reading.unapplied]
    assert not of_type(template, "ALIYUN::RAM::ManagedPolicy")


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("two servers with versioning", "versioning"),
        ("an encrypted server", "encrypted"),
        ("a log project and a lifecycle rule of 30 days", Msg("a lifecycle rule")),
    ],
)
def test_bucket_features_without_a_bucket_are_named_as_not_built(text: str, part: object) -> None:
    reading, template = built(text)
    assert part in [item.part for item in reading.unapplied]
    assert not of_type(template, "ALIYUN::OSS::Bucket")


def test_delete_after_days_is_a_lifecycle_rule_not_a_request_to_delete() -> None:
    _, template = built("an OSS bucket; delete objects older than 90 days")
    (bucket,) = of_type(template, "ALIYUN::OSS::Bucket").values()
    (rule,) = bucket["Properties"]["LifecycleConfiguration"]["Rule"]
    assert rule["Expiration"] == {"Days": 90}
    assert read_request("delete my OSS bucket") is None  # still declined


def test_a_bucket_with_a_lifecycle_rule_in_terraform() -> None:
    _, template = built(BUCKET_AND_USER["en"])
    rendered = to_terraform(template)
    assert rendered.notes == ()
    assert '  versioning {\n    status = "Enabled"\n  }\n' in rendered.text
    assert "    enabled = true\n\n    expiration {\n      days = 30\n    }\n" in rendered.text
    assert '  server_side_encryption_rule {\n    sse_algorithm = "AES256"\n  }\n' in rendered.text
    assert 'policy_name = join("-", [var.ram_user_name, "oss", "read"])' in rendered.text
    assert "user_name   = alicloud_ram_user.ram_user.name" in rendered.text


@pytest.mark.parametrize(
    ("text", "data_category", "system_category"),
    [
        ("3 servers with 200GB ESSD data disks each", "cloud_essd", "cloud_essd"),
        (
            "a server with a 200 GB SSD data disk and an ultra system disk",
            "cloud_ssd",
            "cloud_efficiency",
        ),
        ("一台服务器，带一块 200GB SSD 数据盘", "cloud_ssd", "cloud_essd"),
        ("Ein Server mit einem SSD-Datenträger von 200 GB", "cloud_ssd", "cloud_essd"),
    ],
)
def test_a_disk_category_before_its_disk_is_applied_and_keeps_the_size(
    text: str, data_category: str, system_category: str
) -> None:
    reading, template = built(text)
    assert not reading.unapplied
    group = next(iter(of_type(template, "ALIYUN::ECS::InstanceGroup").values()))
    (disk,) = group["Properties"]["DiskMappings"]
    assert disk["Size"] == "200"  # the size is the disk's, with the category between them
    assert parameter_default(template, "DataDiskCategory") == data_category
    assert parameter_default(template, "SystemDiskCategory") == system_category


def test_a_performance_level_and_a_health_check_are_named_as_not_built() -> None:
    reading, _ = built("two servers behind an SLB on 80 with a health check, ESSD PL2 data disks")
    parts = [item.part for item in reading.unapplied]
    assert Msg("performance level {level}", level="PL2") in parts
    assert "health check" in parts
