"""Building blocks that run instances for the user: an auto scaling group (ESS), an ACK managed
Kubernetes cluster with a node pool, and an application load balancer (ALB).

Same rules as `blocks`: what the user must choose (instance type, image, certificate, the
cluster's name) is a parameter, with a console picker where ROS has one; the ROS type and
property names follow the vendor's resource specifications. Safe choices where the request is
silent: the Kubernetes API server is not published to the internet, an ALB listens on HTTP 80
unless HTTPS was asked for (then it needs a certificate parameter), nodes and scaled instances
get no public IP.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from iaccode.iac.block_builder import Ref, TemplateBuilder, getatt, ref
from iaccode.iac.block_spec import AckSpec, AlbSpec, EssSpec

# Pod and service ranges an ACK cluster may use, in order of preference: the first two that
# overlap neither the VPC nor each other are taken.
_CLUSTER_RANGES: tuple[str, ...] = ("172.20.0.0/16", "172.21.0.0/20", "10.200.0.0/16")
_CLUSTER_RANGES += ("10.201.0.0/20", "192.168.0.0/16", "192.169.0.0/20")


def _cluster_ranges(vpc_cidr: str) -> tuple[str, str]:
    vpc = ipaddress.IPv4Network(vpc_cidr)
    free = [cidr for cidr in _CLUSTER_RANGES if not ipaddress.IPv4Network(cidr).overlaps(vpc)]
    pods = next(cidr for cidr in free if cidr.endswith("/16"))
    services = next(
        cidr
        for cidr in free
        if cidr.endswith("/20")
        and not ipaddress.IPv4Network(cidr).overlaps(ipaddress.IPv4Network(pods))
    )
    return pods, services


def add_ack(
    builder: TemplateBuilder,
    spec: AckSpec,
    vpc: str,
    vpc_cidr: str,
    vswitches: list[tuple[str, Ref]],
    instance_type: Ref,
    *,
    snat: bool,
) -> str:
    """A managed (Pro) ACK cluster in the vSwitches and a node pool of `spec.nodes` nodes."""
    pods, services = _cluster_ranges(vpc_cidr)
    name = builder.parameter(
        "ClusterName",
        "String",
        "Cluster name",
        AllowedPattern="^[a-zA-Z0-9\u4e00-\u9fa5][a-zA-Z0-9_\u4e00-\u9fa5-]{0,62}$",
    )
    switch_ids = [ref(vswitch) for vswitch, _zone in vswitches]
    cluster = builder.resource(
        "KubernetesCluster",
        "ALIYUN::CS::ManagedKubernetesCluster",
        {
            "Name": name,
            "ClusterSpec": "ack.pro.small",
            "VpcId": ref(vpc),
            "VSwitchIds": switch_ids,
            "ContainerCidr": pods,
            "ServiceCidr": services,
            "SnatEntry": snat,  # the cluster's own NAT, unless the template has one
            "EndpointPublicAccess": False,
        },
    )
    builder.resource(
        "KubernetesNodePool",
        "ALIYUN::CS::ClusterNodePool",
        {
            "ClusterId": getatt(cluster, "ClusterId"),
            "NodePoolInfo": {"Name": "default"},
            "Count": spec.nodes,
            "ScalingGroup": {
                "VSwitchIds": switch_ids,
                "InstanceTypes": [instance_type],
                "SystemDiskCategory": "cloud_essd",
                "SystemDiskSize": 120,
            },
        },
    )
    builder.output("KubernetesClusterId", getatt(cluster, "ClusterId"), "Kubernetes cluster ID")
    return cluster


def add_scaling_group(
    builder: TemplateBuilder,
    spec: EssSpec,
    vswitches: list[tuple[str, Ref]],
    security_group: str,
    launch: dict[str, Any],
    load_balancer: str | None,
) -> str:
    """An enabled auto scaling group of `spec.min_size` to `spec.max_size` instances, launched
    with `launch` (instance type, image, disks), behind `load_balancer` when there is one."""
    properties: dict[str, Any] = {
        "MinSize": spec.min_size,
        "MaxSize": spec.max_size,
        "VSwitchIds": [ref(vswitch) for vswitch, _zone in vswitches],
        "MultiAZPolicy": "BALANCE",
    }
    if load_balancer is not None:
        properties["LoadBalancerIds"] = [ref(load_balancer)]
    group = builder.resource("ScalingGroup", "ALIYUN::ESS::ScalingGroup", properties)
    configuration = builder.resource(
        "ScalingConfiguration",
        "ALIYUN::ESS::ScalingConfiguration",
        {"ScalingGroupId": ref(group), "SecurityGroupId": ref(security_group), **launch},
    )
    builder.resource(
        "ScalingGroupEnable",
        "ALIYUN::ESS::ScalingGroupEnable",
        {"ScalingGroupId": ref(group), "ScalingConfigurationId": ref(configuration)},
    )
    builder.output("ScalingGroupId", ref(group), "Scaling group ID")
    return group


def add_alb(
    builder: TemplateBuilder,
    spec: AlbSpec,
    vpc: str,
    vswitches: list[tuple[str, Ref]],
    backends: list[tuple[str, int]],
) -> str:
    """An ALB over the first two zones with one listener per port forwarding to a server group
    of the instances (`backends`: instance group and its size)."""
    alb = builder.resource(
        "ApplicationLoadBalancer",
        "ALIYUN::ALB::LoadBalancer",
        {
            "AddressType": spec.address_type,
            "LoadBalancerEdition": "Standard",
            "LoadBalancerBillingConfig": {"PayType": "PostPay"},
            "VpcId": ref(vpc),
            "ZoneMappings": [
                {"VSwitchId": ref(vswitch), "ZoneId": zone} for vswitch, zone in vswitches[:2]
            ],
        },
    )
    servers = builder.resource(
        "AlbServerGroup",
        "ALIYUN::ALB::ServerGroup",
        {
            "ServerGroupName": "backends",
            "VpcId": ref(vpc),
            "Protocol": "HTTP",
            "ServerGroupType": "Instance",
            "HealthCheckConfig": {"HealthCheckEnabled": True},
        },
    )
    for port in spec.ports:
        listener: dict[str, Any] = {
            "LoadBalancerId": ref(alb),
            "ListenerPort": port,
            "ListenerProtocol": "HTTPS" if port == 443 else "HTTP",
            "DefaultActions": [
                {
                    "Type": "ForwardGroup",
                    "ForwardGroupConfig": {"ServerGroupTuples": [{"ServerGroupId": ref(servers)}]},
                }
            ],
        }
        if port == 443:
            certificate = builder.parameter(
                "AlbCertificateId",
                "String",
                "HTTPS certificate",
                Description="ID of the SSL certificate (Certificate Management Service) for HTTPS.",
            )
            listener["Certificates"] = [{"CertificateId": certificate}]
        builder.resource(f"AlbListener{port}", "ALIYUN::ALB::Listener", listener)
    members = [
        {
            "ServerId": {"Fn::Select": [index, getatt(group, "InstanceIds")]},
            "ServerType": "Ecs",
            "Port": 80,
            "Weight": 100,
        }
        for group, amount in backends
        for index in range(amount)
    ]
    if members:
        builder.resource(
            "AlbBackends",
            "ALIYUN::ALB::BackendServerAttachment",
            {"ServerGroupId": ref(servers), "Servers": members},
        )
    builder.output("AlbDnsName", getatt(alb, "DNSName"), "ALB DNS name")
    return alb
