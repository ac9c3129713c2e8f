variable "name_prefix" {
  type        = string
  description = "Prefix for the names of every resource."
  default     = "demo"
}

variable "vpc_cidr" {
  type    = string
  default = "10.0.0.0/16"
}

variable "zone_ids" {
  type = list(string)
  description = <<EOT
  {
    "AssociationProperty": "ALIYUN::ECS::ZoneId",
    "Label": {"en": "Zones", "zh-cn": "可用区"}
  }
  EOT
}

variable "admin_cidr" {
  type        = string
  description = "CIDR allowed to reach SSH."
  default     = "0.0.0.0/0"
}

variable "enable_ipv6" {
  type    = bool
  default = false
}
