variable "cidr_block" {
  type    = string
  default = "172.16.0.0/12"
}

variable "instance_type" {
  type = string
  description = <<EOT
  {
    "AssociationProperty": "ALIYUN::ECS::Instance::InstanceType",
    "AssociationPropertyMetadata": {"ZoneId": "$${zone_id}"},
    "Label": "Instance type"
  }
  EOT
}

variable "zone_id" {
  type = string
}
